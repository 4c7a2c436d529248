"""Modules imported before the program started, accelerated in place.

`fivefold run` itself (and, in an editable install or a venv with .pth hooks,
site's start-up) imports part of the standard library before the program runs.
Such a module cannot be imported again through the hook: that would make a
second module, or (with importlib.reload, which re-executes the module in its
own namespace) a second copy of every class, function and constant it defines,
while the modules that imported the first copies keep them. `re` shows why that
breaks: re._compiler compares opcodes from re._constants with `is`, and after a
reload half of the package holds the old constants and half the new ones
("re.error: internal: unsupported operand type SUBPATTERN").

So nothing is re-executed. The module's source is compiled by fivefold (through
the bytecode cache) and every function the module defined gets the fivefold
code unit of the same qualified name and first line, by assigning `__code__`.
Every object keeps its identity; only the code functions run changes. The
functions are found from the module's namespace: plain functions, the methods of
the classes it defined (with staticmethod, classmethod and property), and
`functools.wraps`/`lru_cache` chains (`__wrapped__`). What is not reached that
way (a function kept only in a registry or a closure already made) and the
module body itself (it has already run) stay CPython's; --stats gives the
counts.
"""

import os
import sys
from types import CodeType, FunctionType

from fivefold.runtime import bytecode_cache

# The flags a function's frame depends on (a generator must stay a generator).
_KIND_FLAGS = 0x0020 | 0x0080 | 0x0100 | 0x0200 | 0x0004 | 0x0008


class Result:
    __slots__ = ("kept", "swapped")

    def __init__(self):
        self.swapped = 0  # functions now running fivefold's code
        self.kept = 0     # functions of the module found but left on CPython's code


def source_file(module) -> str | None:
    """The module's .py file: its spec's origin, or a frozen module's original file."""
    spec = getattr(module, "__spec__", None)
    state = getattr(spec, "loader_state", None)
    filename = getattr(state, "filename", None) if spec is not None and spec.origin == "frozen" \
        else getattr(spec, "origin", None)
    if isinstance(filename, str) and filename.endswith(".py") and os.path.isfile(filename):
        return filename
    return None


def _index(code, out: dict) -> None:
    """(qualname, first line) -> fivefold units, for every unit nested in `code`."""
    if bytecode_cache.is_shadow(code):
        from fivefold import _fivefold

        consts = _fivefold.code_of(code).co_consts
    else:
        consts = code.co_consts
    for const in consts:
        if isinstance(const, CodeType):
            out.setdefault((const.co_qualname, const.co_firstlineno), []).append(const)
            _index(const, out)


def _fits(old: CodeType, new: CodeType) -> bool:
    return (bytecode_cache.is_shadow(new)
            and old.co_argcount == new.co_argcount
            and old.co_posonlyargcount == new.co_posonlyargcount
            and old.co_kwonlyargcount == new.co_kwonlyargcount
            and old.co_varnames == new.co_varnames
            and old.co_freevars == new.co_freevars
            and old.co_cellvars == new.co_cellvars
            and (old.co_flags ^ new.co_flags) & _KIND_FLAGS == 0)


def recode(module, path: str) -> Result:
    """Give the functions `module` defined the fivefold code compiled from `path`."""
    with open(path, "rb") as f:
        source = f.read()
    code = bytecode_cache.load_or_compile(source, path, bytecode_cache.cache_path(path))
    units: dict = {}
    _index(code, units)
    # A frozen module's code says "<frozen NAME>", NAME being its spec's name (which is
    # not always its __name__: _collections_abc's says collections.abc).
    names = {module.__name__, getattr(getattr(module, "__spec__", None), "name", None)}
    filenames = {path, getattr(module, "__file__", None), *(f"<frozen {n}>" for n in names)}
    result = Result()
    lru_type = getattr(sys.modules.get("functools"), "_lru_cache_wrapper", None)
    seen = set()
    stack = list(vars(module).values())
    while stack:
        obj = stack.pop()
        if obj is None or id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, FunctionType):
            wrapped = obj.__dict__.get("__wrapped__")
            if wrapped is not None:
                stack.append(wrapped)
            old = obj.__code__
            if old.co_filename not in filenames or bytecode_cache.is_shadow(old):
                continue
            fitting = [c for c in units.get((old.co_qualname, old.co_firstlineno), ())
                       if _fits(old, c)]
            if len(fitting) == 1:
                try:
                    obj.__code__ = fitting[0]
                except ValueError:
                    result.kept += 1
                else:
                    result.swapped += 1
            else:
                result.kept += 1  # fell back to CPython, or ambiguous (two lambdas on a line)
        elif isinstance(obj, type):
            # Every class reached (a class's __module__ may name another module, as
            # _collections_abc's say collections.abc): the file name check above picks
            # this module's functions.
            stack.extend(vars(obj).values())
        elif isinstance(obj, (staticmethod, classmethod)):
            stack.append(obj.__func__)
        elif isinstance(obj, property):
            stack.extend((obj.fget, obj.fset, obj.fdel))
        elif lru_type is not None and type(obj) is lru_type:
            stack.append(obj.__wrapped__)
    return result


def compiler_dependencies() -> set[str]:
    """The modules fivefold's own modules use, and the modules those use, transitively
    (through module objects and the modules of functions and classes in their
    namespaces): the compiler and the runtime run on them, so under --accelerate-all
    they stay on CPython rather than run on the engine they are compiling for."""
    modules = sys.modules
    todo = [name for name in list(modules) if name == "fivefold" or name.startswith("fivefold.")]
    found = set(todo)
    while todo:
        module = modules.get(todo.pop())
        if module is None:
            continue
        for value in list(getattr(module, "__dict__", {}).values()):
            if isinstance(value, type(sys)):
                dep = value.__name__
            elif isinstance(value, (FunctionType, type)):
                dep = getattr(value, "__module__", None)
            else:
                continue
            if isinstance(dep, str) and dep not in found and dep in modules:
                found.add(dep)
                todo.append(dep)
    return found
