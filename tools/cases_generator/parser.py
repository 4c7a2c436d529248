"""Parser of the instruction DSL.

Grammar (C comments allowed anywhere between definitions)::

    file        := definition*
    definition  := annotation* ("inst" | "op") "(" NAME "," effect ["," "jump" effect] ")" block
                 | "macro" "(" NAME ")" "=" part ("+" part)* ";"
                 | "family" "(" NAME ")" ("=" | "+=") "{" NAME ("," NAME)* [","] "}" ";"
                 | "change" "(" CHANGE_ID ")" "=" "{" [NAME ("," NAME)* [","]] "}" ";"
    annotation  := "shadow" | "specializing" | "internal"    (shadow: inst or macro;
                   internal: an inst only the interpreter writes, never the compiler)
    CHANGE_ID   := "s" NUMBER "." NAME        (s1.binary_op)
    (`family(X) += {...};`: a later stage adds members to an earlier stage's family X)
    effect      := "(" [input ("," input)*] "--" [item ("," item)*] ")"
    input       := NAME "/" NUMBER          (an inline cache entry)
                 | item
    item        := NAME ["[" C-expression "]"] ["if" "(" C-expression ")"]
    part        := NAME | NAME "/" NUMBER
    block       := "{" C text with balanced braces "}"
"""

from __future__ import annotations

import re

from .parsed import CacheEntry, Change, Definitions, DSLError, Family, Instruction, Macro, StackEffect, StackItem

ANNOTATIONS = ("shadow", "specializing", "internal")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_NUMBER = re.compile(r"[0-9]+")


class _Scanner:
    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename
        self.pos = 0

    @property
    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def error(self, message: str) -> DSLError:
        return DSLError(message, self.filename, self.line)

    def skip_space(self) -> None:
        text = self.text
        while self.pos < len(text):
            if text[self.pos].isspace():
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.error("unterminated comment")
                self.pos = end + 2
            else:
                break

    def at_end(self) -> bool:
        self.skip_space()
        return self.pos >= len(self.text)

    def peek(self, token: str) -> bool:
        self.skip_space()
        if not self.text.startswith(token, self.pos):
            return False
        if _IDENT.fullmatch(token):   # a keyword must not be the start of a longer name
            after = self.pos + len(token)
            return after >= len(self.text) or not (self.text[after].isalnum() or self.text[after] == "_")
        return True

    def accept(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str, what: str = "") -> None:
        if not self.accept(token):
            raise self.error(f"expected {token!r}{' ' + what if what else ''}, found {self._found()}")

    def _found(self) -> str:
        self.skip_space()
        if self.pos >= len(self.text):
            return "end of file"
        return repr(self.text[self.pos:self.pos + 12].split("\n")[0])

    def ident(self, what: str = "a name") -> str:
        self.skip_space()
        match = _IDENT.match(self.text, self.pos)
        if not match:
            raise self.error(f"expected {what}, found {self._found()}")
        self.pos = match.end()
        return match.group()

    def number(self) -> int:
        self.skip_space()
        match = _NUMBER.match(self.text, self.pos)
        if not match:
            raise self.error(f"expected a number, found {self._found()}")
        self.pos = match.end()
        return int(match.group())

    def balanced(self, open_: str, close: str) -> str:
        """The raw text between ``open_`` (already next) and its matching ``close``."""
        self.expect(open_)
        start = self.pos
        depth = 1
        text = self.text
        while self.pos < len(text):
            ch = text[self.pos]
            if ch in "\"'":
                self._skip_literal(ch)
                continue
            if text.startswith("//", self.pos) or text.startswith("/*", self.pos):
                self.skip_space()
                continue
            if ch == open_:
                depth += 1
            elif ch == close:
                depth -= 1
                if depth == 0:
                    self.pos += 1
                    return text[start:self.pos - 1]
            self.pos += 1
        self.pos = start
        raise self.error(f"no matching {close!r}")

    def _skip_literal(self, quote: str) -> None:
        start = self.pos
        self.pos += 1
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "\\":
                self.pos += 2
                continue
            self.pos += 1
            if ch == quote:
                return
            if ch == "\n":
                break
        self.pos = start
        raise self.error("unterminated string or character literal")


def parse(text: str, filename: str = "<dsl>", stage: int = 0) -> Definitions:
    """Parse a whole definitions file; ``stage`` is the stage whose folder holds it
    (0 for the base VM's), recorded on every definition."""
    scanner = _Scanner(text, filename)
    defs = Definitions(filename=filename)
    while not scanner.at_end():
        line = scanner.line
        annotations = []
        while any(scanner.peek(a) for a in ANNOTATIONS):
            annotations.append(scanner.ident())
        keyword = scanner.ident("'inst', 'op', 'macro', 'family' or 'change'")
        if keyword in ("inst", "op"):
            inst = _instruction(scanner, keyword, tuple(annotations), line)
            inst.filename, inst.stage = filename, stage
            defs.instructions.append(inst)
        elif keyword == "macro" and set(annotations) <= {"shadow"}:
            macro = _macro(scanner, line)
            macro.annotations = tuple(annotations)
            defs.macros.append(macro)
        elif annotations:
            raise DSLError(f"annotation {annotations[0]!r} only applies to 'inst' or 'op' "
                           "('shadow' also to 'macro')", filename, line)
        elif keyword == "family":
            defs.families.append(_family(scanner, line))
        elif keyword == "change":
            defs.changes.append(_change(scanner, line))
        else:
            raise DSLError(f"expected 'inst', 'op', 'macro', 'family' or 'change', found {keyword!r}",
                           filename, line)
    for item in (*defs.macros, *defs.families, *defs.changes):
        item.filename, item.stage = filename, stage
    return defs


def _instruction(s: _Scanner, kind: str, annotations: tuple[str, ...], line: int) -> Instruction:
    s.expect("(")
    name = s.ident("an instruction name")
    s.expect(",", f"after the name of {name}")
    effect = _effect(s, name)
    jump_effect = None
    if s.accept(","):
        if not s.accept("jump"):
            raise s.error(f"{name}: expected 'jump' before a second stack effect")
        jump_effect = _effect(s, name)
        if jump_effect.caches:
            raise s.error(f"{name}: cache entries belong in the first stack effect")
    s.expect(")", f"to close {kind}({name}, ...)")
    if not s.peek("{"):
        raise s.error(f"{name}: expected a C body in braces, found {s._found()}")
    s.skip_space()
    body_line = s.line
    body = s.balanced("{", "}")
    return Instruction(kind, name, effect, body, line, jump_effect, annotations, body_line=body_line)


def _effect(s: _Scanner, name: str) -> StackEffect:
    s.expect("(", f"to open the stack effect of {name}")
    inputs: list[StackItem] = []
    caches: list[CacheEntry] = []
    while not s.peek("--"):
        item_name = s.ident(f"a stack item or '--' in the stack effect of {name}")
        if s.accept("/"):
            caches.append(CacheEntry(item_name, s.number()))
        else:
            inputs.append(_item_rest(s, item_name))
        if not s.accept(","):
            break
    s.expect("--", f"in the stack effect of {name}")
    outputs: list[StackItem] = []
    while not s.peek(")"):
        item_name = s.ident(f"a stack item in the outputs of {name}")
        if s.peek("/"):
            raise s.error(f"{name}: cache entries ({item_name}/N) belong before '--'")
        outputs.append(_item_rest(s, item_name))
        if not s.accept(","):
            break
    s.expect(")", f"to close the stack effect of {name}")
    return StackEffect(tuple(inputs), tuple(outputs), tuple(caches))


def _item_rest(s: _Scanner, item_name: str) -> StackItem:
    size = cond = ""
    if s.peek("["):
        size = s.balanced("[", "]").strip()
        if not size:
            raise s.error(f"empty array size for {item_name}")
    if s.accept("if"):
        if not s.peek("("):
            raise s.error(f"expected '(' after 'if' for {item_name}")
        cond = s.balanced("(", ")").strip()
        if not cond:
            raise s.error(f"empty condition for {item_name}")
    return StackItem(item_name, size, cond)


def _macro(s: _Scanner, line: int) -> Macro:
    s.expect("(")
    name = s.ident("a macro name")
    s.expect(")")
    s.expect("=", f"after macro({name})")
    parts: list[str | CacheEntry] = []
    while True:
        part = s.ident(f"a micro-op name in macro {name}")
        parts.append(CacheEntry(part, s.number()) if s.accept("/") else part)
        if not s.accept("+"):
            break
    s.expect(";", f"at the end of macro {name}")
    return Macro(name, tuple(parts), line)


def _family(s: _Scanner, line: int) -> Family:
    s.expect("(")
    name = s.ident("a family name")
    s.expect(")")
    extends = s.accept("+=")
    if not extends:
        s.expect("=", f"(or '+=') after family({name})")
    s.expect("{")
    members = [s.ident(f"a member of family {name}")]
    while s.accept(","):
        if s.peek("}"):
            break
        members.append(s.ident(f"a member of family {name}"))
    s.expect("}", f"to close family {name}")
    s.expect(";", f"at the end of family {name}")
    return Family(name, tuple(members), line, extends=extends)


def _change(s: _Scanner, line: int) -> Change:
    s.expect("(")
    prefix = s.ident("a change id such as s1.binary_op")
    s.expect(".", f"in the change id {prefix}.NAME")
    change_id = f"{prefix}.{s.ident('the name part of a change id')}"
    if not re.fullmatch(r"s[0-9]+\.[a-z_][a-z_0-9]*", change_id):
        raise s.error(f"change id {change_id!r} is not sN.lower_case_name")
    s.expect(")")
    s.expect("=", f"after change({change_id})")
    s.expect("{")
    opcodes = []
    while not s.peek("}"):
        opcodes.append(s.ident(f"an instruction of change {change_id}"))
        if not s.accept(","):
            break
    s.expect("}", f"to close change {change_id}")
    s.expect(";", f"at the end of change {change_id}")
    return Change(change_id, tuple(opcodes), line)
