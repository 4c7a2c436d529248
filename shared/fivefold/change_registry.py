"""The change registry's old name, an alias of fivefold.changes (the same module).

shared/vm/module.c imports `fivefold.change_registry` and calls its
`engine_selection()` when fivefold._fivefold is imported, and code written
against the old name may still import it: both get the registry module itself,
so there is one registry and one state. Transitional: delete this module once
nothing imports the old name (module.c first).
"""

import sys

from fivefold import changes

sys.modules[__name__] = changes
