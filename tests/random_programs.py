"""A hypothesis strategy that writes random, well-formed, terminating Python programs.

The programs are built from a small typed grammar so that they stay meaningful:
expressions over int, float, str, list, dict and tuple (operators, comparisons,
conditional expressions, subscripts, calls), statements (assignments, prints,
if/elif/else, bounded while and for loops with break/continue, try/except/else/
finally, raise), functions with defaults, closures with nonlocal, and small
classes with inheritance and super(). Some expressions raise on purpose
(ZeroDivisionError, TypeError, IndexError, KeyError, ValueError); most are
inside try/except, the rest end the program with a traceback, which is
compared too.

Termination and size are guaranteed by construction: loops have a literal
bound, functions only call earlier functions, ints are reduced modulo a prime
on assignment, strings and lists are truncated on assignment, and repetition
and powers only take small literal operands.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hypothesis import strategies as st

MODULUS = 10007
MAX_EXPR_DEPTH = 3
MAX_BLOCK_DEPTH = 2
ALPHABET = "ab01 -"
EXCEPTIONS = ["ZeroDivisionError", "TypeError", "IndexError", "KeyError", "ValueError",
              "ArithmeticError", "LookupError", "OverflowError"]

GLOBALS = {"int": ["i0", "i1"], "float": ["f0"], "str": ["s0", "s1"], "list": ["l0"],
           "tuple": ["t0"], "dict": ["d0"]}


@dataclass
class Env:
    """The names an expression may use, by type, and what the enclosing code allows."""

    names: dict[str, list[str]]
    funcs: list[tuple[str, int]] = field(default_factory=list)   # name, positional args
    classes: list[str] = field(default_factory=list)
    in_loop: bool = False
    depth: int = 0          # block nesting
    # Kinds whose names may be assigned; in a function only its int locals are, since
    # assigning a global's name there would make it local (and its reads unbound).
    writable: tuple[str, ...] = ("int", "float", "str", "list", "tuple", "dict")
    counter: list[int] = field(default_factory=lambda: [0])  # shared label counter
    # Loop counters and loop variables: readable, never assigned (loops must end).
    fixed: frozenset[str] = frozenset()

    def with_name(self, kind: str, name: str, fixed: bool = False) -> Env:
        names = {k: list(v) for k, v in self.names.items()}
        names.setdefault(kind, []).append(name)
        return replace(self, names=names, fixed=self.fixed | {name} if fixed else self.fixed)

    def label(self) -> str:
        self.counter[0] += 1
        return f"#{self.counter[0]}"


def _lit_int(draw) -> str:
    return str(draw(st.one_of(st.integers(-20, 20), st.sampled_from([0, 1, 2, 99, 2 ** 40]))))


def _lit_float(draw) -> str:
    return repr(draw(st.sampled_from([0.0, 0.5, -1.25, 3.0, 1e10, 2.5e-3, 7.75, -0.0])))


def _lit_str(draw) -> str:
    return repr(draw(st.text(ALPHABET, max_size=5)))


def _var(draw, env: Env, kind: str) -> str | None:
    names = env.names.get(kind) or []
    return draw(st.sampled_from(names)) if names else None


def _target(draw, env: Env, kind: str) -> str | None:
    """A name that an assignment may rebind."""
    if kind not in env.writable:
        return None
    names = [n for n in env.names.get(kind) or [] if n not in env.fixed]
    return draw(st.sampled_from(names)) if names else None


def gen_int(draw, env: Env, d: int) -> str:
    kinds = ["lit", "var", "var"]
    if d > 0:
        kinds += ["bin", "bin", "bin", "pow", "neg", "len", "cond", "index", "dict", "sum",
                  "int_str", "bool", "minmax", "tuple_index"]
        if env.funcs:
            kinds += ["call", "call"]
        if env.classes:
            kinds += ["method"]
    kind = draw(st.sampled_from(kinds))
    sub = d - 1
    if kind == "var":
        return _var(draw, env, "int") or _lit_int(draw)
    if kind == "bin":
        op = draw(st.sampled_from(["+", "-", "*", "//", "%", "+", "-"]))
        return f"({gen_int(draw, env, sub)} {op} {gen_int(draw, env, sub)})"
    if kind == "pow":
        return f"({gen_int(draw, env, sub)} ** {draw(st.integers(0, 3))})"
    if kind == "neg":
        return f"(-{gen_int(draw, env, sub)})"
    if kind == "len":
        gen = draw(st.sampled_from([gen_str, gen_list, gen_tuple, gen_dict]))
        return f"len({gen(draw, env, sub)})"
    if kind == "cond":
        return (f"({gen_int(draw, env, sub)} if {gen_bool(draw, env, sub)} "
                f"else {gen_int(draw, env, sub)})")
    if kind == "index":
        return f"{gen_list(draw, env, sub)}[{gen_int(draw, env, sub)}]"
    if kind == "tuple_index":
        return f"{gen_tuple(draw, env, sub)}[{gen_int(draw, env, sub)}]"
    if kind == "dict":
        key = gen_str(draw, env, sub)
        if draw(st.booleans()):
            return f"{gen_dict(draw, env, sub)}[{key}]"
        return f"{gen_dict(draw, env, sub)}.get({key}, {_lit_int(draw)})"
    if kind == "sum":
        return f"sum({gen_list(draw, env, sub)})"
    if kind == "int_str":
        return f"int({gen_str(draw, env, sub)})"
    if kind == "bool":
        return f"({gen_bool(draw, env, sub)})"
    if kind == "minmax":
        return f"{draw(st.sampled_from(['min', 'max']))}({gen_list(draw, env, sub)})"
    if kind == "call":
        name, nargs = draw(st.sampled_from(env.funcs))
        args = ", ".join(gen_int(draw, env, sub) for _ in range(nargs))
        return f"{name}({args})"
    if kind == "method":
        cls = draw(st.sampled_from(env.classes))
        return f"{cls}({gen_int(draw, env, sub)}).get()"
    return _lit_int(draw)


def gen_float(draw, env: Env, d: int) -> str:
    kinds = ["lit", "var"] + (["bin", "bin", "div", "conv", "round"] if d > 0 else [])
    kind = draw(st.sampled_from(kinds))
    sub = d - 1
    if kind == "var":
        return _var(draw, env, "float") or _lit_float(draw)
    if kind == "bin":
        op = draw(st.sampled_from(["+", "-", "*", "/", "**"]))
        right = str(draw(st.integers(0, 3))) if op == "**" else gen_float(draw, env, sub)
        return f"({gen_float(draw, env, sub)} {op} {right})"
    if kind == "div":
        return f"({gen_int(draw, env, sub)} / {gen_int(draw, env, sub)})"
    if kind == "conv":
        return f"float({gen_int(draw, env, sub)})"
    if kind == "round":
        return f"round({gen_float(draw, env, sub)}, {draw(st.integers(0, 3))})"
    return _lit_float(draw)


def gen_str(draw, env: Env, d: int) -> str:
    kinds = ["lit", "var", "var"]
    if d > 0:
        kinds += ["concat", "repeat", "conv", "slice", "index", "method", "join", "fstring",
                  "cond"]
    kind = draw(st.sampled_from(kinds))
    sub = d - 1
    if kind == "var":
        return _var(draw, env, "str") or _lit_str(draw)
    if kind == "concat":
        return f"({gen_str(draw, env, sub)} + {gen_str(draw, env, sub)})"
    if kind == "repeat":
        return f"({gen_str(draw, env, sub)} * {draw(st.integers(-1, 3))})"
    if kind == "conv":
        gen = draw(st.sampled_from([gen_int, gen_float, gen_list]))
        return f"{draw(st.sampled_from(['str', 'repr']))}({gen(draw, env, sub)})"
    if kind == "slice":
        lo, hi = draw(st.integers(-4, 4)), draw(st.integers(-4, 6))
        return f"{gen_str(draw, env, sub)}[{lo}:{hi}]"
    if kind == "index":
        return f"{gen_str(draw, env, sub)}[{gen_int(draw, env, sub)}]"
    if kind == "method":
        method = draw(st.sampled_from(["upper()", "strip()", "replace('a', 'b')", "title()",
                                       "lstrip('0')", "center(7, '*')"]))
        return f"{gen_str(draw, env, sub)}.{method}"
    if kind == "join":
        return f"'-'.join(map(str, {gen_list(draw, env, sub)}))"
    if kind == "fstring":
        iname = _var(draw, env, "int") or "0"
        sname = _var(draw, env, "str") or "''"
        spec = draw(st.sampled_from(["", ":>4", ":+d", ":x", "!r"]))
        return f'f"<{{{iname}{spec}}}|{{{sname}!r}}>"'
    if kind == "cond":
        return (f"({gen_str(draw, env, sub)} if {gen_bool(draw, env, sub)} "
                f"else {gen_str(draw, env, sub)})")
    return _lit_str(draw)


def gen_list(draw, env: Env, d: int) -> str:
    kinds = ["lit", "var", "var"]
    if d > 0:
        kinds += ["concat", "repeat", "slice", "sorted", "comp", "range", "from_tuple", "star"]
    kind = draw(st.sampled_from(kinds))
    sub = d - 1
    if kind == "var":
        return _var(draw, env, "list") or "[]"
    if kind == "concat":
        return f"({gen_list(draw, env, sub)} + {gen_list(draw, env, sub)})"
    if kind == "repeat":
        return f"({gen_list(draw, env, sub)} * {draw(st.integers(0, 2))})"
    if kind == "slice":
        return f"{gen_list(draw, env, sub)}[{draw(st.integers(-3, 3))}:{draw(st.integers(-3, 5))}]"
    if kind == "sorted":
        rev = draw(st.booleans())
        return f"sorted({gen_list(draw, env, sub)}{', reverse=True' if rev else ''})"
    if kind == "comp":
        inner = env.with_name("int", "x")
        cond = f" if {gen_bool(draw, inner, sub)}" if draw(st.booleans()) else ""
        return f"[{gen_int(draw, inner, sub)} for x in {gen_list(draw, env, sub)}{cond}]"
    if kind == "range":
        return f"list(range({draw(st.integers(-2, 6))}))"
    if kind == "from_tuple":
        return f"list({gen_tuple(draw, env, sub)})"
    if kind == "star":
        return f"[*{gen_list(draw, env, sub)}, {gen_int(draw, env, sub)}]"
    items = ", ".join(_lit_int(draw) for _ in range(draw(st.integers(0, 4))))
    return f"[{items}]"


def gen_tuple(draw, env: Env, d: int) -> str:
    kinds = ["lit", "var"] + (["concat", "slice", "from_list"] if d > 0 else [])
    kind = draw(st.sampled_from(kinds))
    sub = d - 1
    if kind == "var":
        return _var(draw, env, "tuple") or "()"
    if kind == "concat":
        return f"({gen_tuple(draw, env, sub)} + {gen_tuple(draw, env, sub)})"
    if kind == "slice":
        return f"{gen_tuple(draw, env, sub)}[::{draw(st.sampled_from([1, -1, 2]))}]"
    if kind == "from_list":
        return f"tuple({gen_list(draw, env, sub)})"
    items = [_lit_int(draw) for _ in range(draw(st.integers(0, 3)))]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def gen_dict(draw, env: Env, d: int) -> str:
    kinds = ["lit", "var", "var"] + (["merge", "comp"] if d > 0 else [])
    kind = draw(st.sampled_from(kinds))
    sub = d - 1
    if kind == "var":
        return _var(draw, env, "dict") or "{}"
    if kind == "merge":
        return f"{{**{gen_dict(draw, env, sub)}, {gen_str(draw, env, sub)}: {gen_int(draw, env, sub)}}}"
    if kind == "comp":
        inner = env.with_name("int", "v").with_name("str", "k")
        return (f"{{k: {gen_int(draw, inner, sub)} for k, v in {gen_dict(draw, env, sub)}.items() "
                f"if {gen_bool(draw, inner, sub)}}}")
    items = ", ".join(f"{_lit_str(draw)}: {_lit_int(draw)}" for _ in range(draw(st.integers(0, 3))))
    return f"{{{items}}}"


def gen_bool(draw, env: Env, d: int) -> str:
    kinds = ["cmp", "cmp", "lit"] + (["chain", "in", "not", "andor", "strcmp", "mixed"] if d > 0 else [])
    kind = draw(st.sampled_from(kinds))
    sub = max(d - 1, 0)
    if kind == "lit":
        return draw(st.sampled_from(["True", "False"]))
    op = draw(st.sampled_from(["<", "<=", "==", "!=", ">", ">="]))
    if kind == "cmp":
        gen = draw(st.sampled_from([gen_int, gen_int, gen_float]))
        return f"{gen(draw, env, sub)} {op} {gen_int(draw, env, sub)}"
    if kind == "chain":
        return (f"{gen_int(draw, env, sub)} {op} {gen_int(draw, env, sub)} "
                f"{draw(st.sampled_from(['<', '<=', '!=']))} {gen_int(draw, env, sub)}")
    if kind == "in":
        if draw(st.booleans()):
            return f"{gen_int(draw, env, sub)} in {gen_list(draw, env, sub)}"
        return f"{gen_str(draw, env, sub)} not in {gen_str(draw, env, sub)}"
    if kind == "not":
        return f"not ({gen_bool(draw, env, sub)})"
    if kind == "andor":
        return f"({gen_bool(draw, env, sub)} {draw(st.sampled_from(['and', 'or']))} {gen_bool(draw, env, sub)})"
    if kind == "strcmp":
        return f"{gen_str(draw, env, sub)} {op} {gen_str(draw, env, sub)}"
    # A comparison across types: == is fine, ordering raises TypeError.
    return f"{gen_int(draw, env, sub)} {op} {gen_str(draw, env, sub)}"


def gen_any(draw, env: Env, d: int) -> str:
    gen = draw(st.sampled_from([gen_int, gen_int, gen_float, gen_str, gen_list, gen_tuple,
                                gen_dict, gen_bool, _gen_mixed]))
    return gen(draw, env, d)


def _gen_mixed(draw, env: Env, d: int) -> str:
    """Operators across types: some valid (str * int, list + list), some TypeErrors."""
    left = draw(st.sampled_from([gen_int, gen_str, gen_list, gen_float, gen_tuple]))(draw, env, d - 1)
    right = draw(st.sampled_from([gen_int, gen_str, gen_float]))(draw, env, d - 1)
    op = draw(st.sampled_from(["+", "-", "<"]))
    return f"({left} {op} {right})"


# --- statements -------------------------------------------------------------------

def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def gen_assign(draw, env: Env) -> list[str]:
    kind = draw(st.sampled_from(["int", "int", "float", "str", "list", "dict_set", "append",
                                 "aug", "tuple", "unpack"]))
    d = MAX_EXPR_DEPTH
    target = _target(draw, env, {"dict_set": "dict", "append": "list", "aug": "int",
                                 "unpack": "int"}.get(kind, kind))
    if kind in ("dict_set", "append"):
        # Mutation, not assignment: allowed on globals from inside functions too.
        target = _var(draw, env, "dict" if kind == "dict_set" else "list")
    if target is None:
        return gen_print(draw, env)
    if kind == "int":
        return [f"{target} = {gen_int(draw, env, d)} % {MODULUS}"]
    if kind == "float":
        return [f"{target} = {gen_float(draw, env, d)}"]
    if kind == "str":
        return [f"{target} = {gen_str(draw, env, d)}[:24]"]
    if kind == "list":
        return [f"{target} = {gen_list(draw, env, d)}[:12]"]
    if kind == "tuple":
        return [f"{target} = {gen_tuple(draw, env, d)}[:8]"]
    if kind == "dict_set":
        return [f"{target}[{gen_str(draw, env, 1)}] = {gen_int(draw, env, d)}"]
    if kind == "append":
        return [f"{target}.append({gen_int(draw, env, d)})"]
    if kind == "aug":
        op = draw(st.sampled_from(["+=", "-=", "//=", "%="]))
        return [f"{target} {op} {gen_int(draw, env, 1)}"]
    other = _target(draw, env, "int")
    return [f"{target}, {other} = {other}, {target}"]


def gen_print(draw, env: Env) -> list[str]:
    return [f"print({env.label()!r}, {gen_any(draw, env, MAX_EXPR_DEPTH)})"]


def gen_block(draw, env: Env, min_size: int = 1, max_size: int = 3) -> list[str]:
    lines = []
    for _ in range(draw(st.integers(min_size, max_size))):
        lines += gen_stmt(draw, env)
    return lines


def gen_stmt(draw, env: Env) -> list[str]:
    kinds = ["assign", "assign", "print", "print"]
    if env.depth < MAX_BLOCK_DEPTH:
        kinds += ["if", "for", "while", "try", "try"]
    if env.in_loop:
        kinds += ["break_continue"]
    kinds += ["raise"]
    kind = draw(st.sampled_from(kinds))
    inner = replace(env, depth=env.depth + 1)
    if kind == "assign":
        return gen_assign(draw, env)
    if kind == "print":
        return gen_print(draw, env)
    if kind == "if":
        lines = [f"if {gen_bool(draw, env, 2)}:"] + _indent(gen_block(draw, inner))
        if draw(st.booleans()):
            lines += [f"elif {gen_bool(draw, env, 2)}:"] + _indent(gen_block(draw, inner))
        if draw(st.booleans()):
            lines += ["else:"] + _indent(gen_block(draw, inner))
        return lines
    if kind == "for":
        loop = replace(inner, in_loop=True)
        var = f"k{env.depth}"
        source = draw(st.sampled_from(["range", "list", "str"]))
        if source == "range":
            header = f"for {var} in range({draw(st.integers(0, 4))}):"
            loop = loop.with_name("int", var, fixed=True)
        elif source == "list":
            header = f"for {var} in {gen_list(draw, env, 1)}[:4]:"
            loop = loop.with_name("int", var, fixed=True)
        else:
            var = f"c{env.depth}"
            header = f"for {var} in {gen_str(draw, env, 1)}[:4]:"
            loop = loop.with_name("str", var, fixed=True)
        lines = [header] + _indent([f"print({env.label()!r}, {var!r}, {var})"] + gen_block(draw, loop))
        if draw(st.booleans()):
            lines += ["else:"] + _indent([f"print({env.label()!r}, 'loop finished')"])
        return lines
    if kind == "while":
        counter = f"w{env.depth}"
        loop = replace(inner, in_loop=True).with_name("int", counter, fixed=True)
        cond = f" and {gen_bool(draw, loop, 1)}" if draw(st.booleans()) else ""
        return [f"{counter} = 0", f"while {counter} < {draw(st.integers(0, 4))}{cond}:"] + _indent(
            [f"{counter} += 1"] + gen_block(draw, loop))
    if kind == "try":
        lines = ["try:"] + _indent(gen_block(draw, inner))
        caught = draw(st.lists(st.sampled_from(EXCEPTIONS), min_size=1, max_size=3, unique=True))
        clause = caught[0] if len(caught) == 1 else "(" + ", ".join(caught) + ")"
        lines += [f"except {clause} as e:"] + _indent(
            [f"print({env.label()!r}, 'caught', type(e).__name__, e)"])
        if draw(st.booleans()):
            lines += ["except Exception as e:"] + _indent(
                [f"print({env.label()!r}, 'caught other', type(e).__name__, repr(e))"])
        if draw(st.booleans()):
            lines += ["else:"] + _indent([f"print({env.label()!r}, 'no exception')"])
        if draw(st.booleans()):
            lines += ["finally:"] + _indent([f"print({env.label()!r}, 'finally')"])
        return lines
    if kind == "break_continue":
        word = draw(st.sampled_from(["break", "continue"]))
        return [f"if {gen_bool(draw, env, 1)}:", f"    print({env.label()!r}, {word!r})", f"    {word}"]
    exc = draw(st.sampled_from(["ValueError", "KeyError", "TypeError", "IndexError"]))
    return [f"if {gen_bool(draw, env, 1)}:", f"    raise {exc}({gen_str(draw, env, 1)})"]


# --- definitions ----------------------------------------------------------------

def gen_function(draw, env: Env, index: int) -> tuple[list[str], Env]:
    name = f"func{index}"
    nargs = draw(st.integers(1, 2))
    params = ["a", "b"][:nargs]
    default = f"b={_lit_int(draw)}" if nargs == 2 and draw(st.booleans()) else None
    signature = ", ".join(params[:-1] + [default or params[-1]]) if default else ", ".join(params)
    names = {k: list(v) for k, v in env.names.items()}
    names["int"] = params + ["t"]
    local = replace(env, names=names, depth=1, in_loop=False, writable=("int",))
    body = [f"t = {gen_int(draw, replace(local, names={**names, 'int': params}), 2)} % {MODULUS}"]
    body += gen_block(draw, local, 0, 2)
    body.append(f"return {gen_int(draw, local, 2)} % {MODULUS}")
    lines = [f"def {name}({signature}):"] + _indent(body)
    new = replace(env, funcs=env.funcs + [(name, nargs if not default else draw(st.integers(1, 2)))])
    return lines, new


def gen_closure(draw, env: Env, index: int) -> tuple[list[str], Env]:
    maker, name = f"make{index}", f"counter{index}"
    lines = [
        f"def {maker}(x):",
        f"    acc = {_lit_int(draw)}",
        "    def step(y):",
        "        nonlocal acc",
        f"        acc = ({gen_int(draw, replace(env, names={'int': ['acc', 'x', 'y']}), 2)}) % {MODULUS}",
        "        return acc",
        "    return step",
        f"{name} = {maker}({_lit_int(draw)})",
    ]
    return lines, replace(env, funcs=env.funcs + [(name, 1)])


def gen_class(draw, env: Env, index: int) -> tuple[list[str], Env]:
    base, sub = f"Base{index}", f"Sub{index}"
    method_env = replace(env, names={"int": ["self.v", "self.scale"]})
    lines = [
        f"class {base}:",
        f"    scale = {_lit_int(draw)}",
        "    def __init__(self, v):",
        "        self.v = v",
        "    def get(self):",
        f"        return {gen_int(draw, method_env, 2)} % {MODULUS}",
        "    def __repr__(self):",
        "        return f'{type(self).__name__}({self.v!r})'",
        f"class {sub}({base}):",
        "    def get(self):",
        f"        return super().get() {draw(st.sampled_from(['+', '-', '*']))} {_lit_int(draw)}",
    ]
    return lines, replace(env, classes=env.classes + [base, sub])


@st.composite
def programs(draw) -> str:
    env = Env({k: list(v) for k, v in GLOBALS.items()})
    lines = [
        f"i0, i1 = {_lit_int(draw)}, {_lit_int(draw)}",
        f"f0 = {_lit_float(draw)}",
        f"s0, s1 = {_lit_str(draw)}, {_lit_str(draw)}",
        f"l0 = {gen_list(draw, Env({}), 0)}",
        f"t0 = {gen_tuple(draw, Env({}), 0)}",
        f"d0 = {gen_dict(draw, Env({}), 0)}",
    ]
    for i in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from([gen_function, gen_closure, gen_class]))
        more, env = kind(draw, env, i)
        lines += more
    lines += gen_block(draw, env, 1, 6)
    lines.append("print('end', i0, i1, f0, s0, s1, l0, t0, d0)")
    return "\n".join(lines) + "\n"
