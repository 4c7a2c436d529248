"""The compiler's own error, raised by any of its code-generation mixins."""


class CompileError(Exception):
    """The compiler met something it cannot compile (a fivefold bug or limit, never
    a user error: CPython's compile() has already accepted the source)."""
