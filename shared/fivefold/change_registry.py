"""The change registry (fivefold.changes) under the name the engine's C code imports.

shared/vm/module.c imports `fivefold.change_registry` and calls its
`engine_selection()` when fivefold._fivefold is imported. Transitional: delete
this module once module.c imports fivefold.changes.
"""

from fivefold.changes import engine_selection

__all__ = ["engine_selection"]
