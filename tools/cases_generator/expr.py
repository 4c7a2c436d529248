"""The small integer-expression language of array sizes and conditions.

Stack sizes must be computable both in C (the interpreter) and in Python
(``opcodes.stack_effect`` for the compiler), so they are parsed here with C's
precedence and printed fully parenthesized for each language: the two
languages disagree about, for example, ``a & b == c``.
"""

from __future__ import annotations

import re

from .parsed import DSLError

_TOKEN = re.compile(r"\s*(?:(0[xX][0-9a-fA-F]+|[0-9]+)|(oparg)\b|(<<|>>|==|!=|<=|>=|[-+*&|^~<>()])|(\S))")

# Binary operators by precedence level, loosest first (C's order).
_LEVELS = (("|",), ("^",), ("&",), ("==", "!="), ("<", "<=", ">", ">="), ("<<", ">>"), ("+", "-"), ("*",))


def _tokens(text: str, where: str) -> list[str]:
    tokens = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        number, oparg, op, bad = match.groups()
        if bad is not None:
            raise DSLError(f"{where}: {bad!r} is not allowed in a stack size expression "
                           f"(only oparg, integers and + - * & | ^ ~ << >> comparisons)")
        tokens.append(number or oparg or op)
        pos = match.end()
    return tokens


class _Parser:
    def __init__(self, tokens: list[str], where: str, text: str):
        self.tokens = tokens
        self.i = 0
        self.where = where
        self.text = text

    def fail(self) -> DSLError:
        return DSLError(f"{self.where}: cannot parse the expression {self.text!r}")

    def parse(self):
        tree = self.binary(0)
        if self.i != len(self.tokens):
            raise self.fail()
        return tree

    def binary(self, level: int):
        if level == len(_LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.i < len(self.tokens) and self.tokens[self.i] in _LEVELS[level]:
            op = self.tokens[self.i]
            self.i += 1
            left = (op, left, self.binary(level + 1))
        return left

    def unary(self):
        if self.i >= len(self.tokens):
            raise self.fail()
        token = self.tokens[self.i]
        self.i += 1
        if token in ("-", "~"):
            return (token, self.unary())
        if token == "(":
            inner = self.binary(0)
            if self.i >= len(self.tokens) or self.tokens[self.i] != ")":
                raise self.fail()
            self.i += 1
            return inner
        if token == "oparg" or token[0].isdigit():
            return token
        raise self.fail()


def parse(text: str, where: str):
    """A tree of tuples ``(op, left, right)`` / ``(op, operand)`` / leaf strings."""
    return _Parser(_tokens(text, where), where, text).parse()


def render(tree) -> str:
    """Fully parenthesized text, valid C and valid Python (ints and bools)."""
    if isinstance(tree, str):
        return str(int(tree, 0)) if tree[0].isdigit() else tree
    if len(tree) == 2:
        return f"({tree[0]}{render(tree[1])})"
    return f"({render(tree[1])} {tree[0]} {render(tree[2])})"


def uses_oparg(tree) -> bool:
    if isinstance(tree, str):
        return tree == "oparg"
    return any(uses_oparg(part) for part in tree[1:])


def constant(tree) -> int | None:
    """The value of an expression without oparg, else None."""
    if uses_oparg(tree):
        return None
    return int(eval(render(tree), {"__builtins__": {}}))  # only integers and operators reach here
