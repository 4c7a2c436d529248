"""fivefold: a tiered VM inside CPython 3.11, a benchmark harness and a funding model."""

from fivefold import changes as _registry

__version__ = "0.1.0"


class _CallableRegistry(type(_registry)):  # types.ModuleType, without importing types
    """The registry module, fivefold/changes.py, is the attribute `fivefold.changes`;
    so is the function `fivefold.changes(selection=None)`, which lists every registered
    change of every stage with whether it is enabled now. Importing the submodule binds
    the attribute to the module, so the module itself answers the call."""

    def __call__(self, selection=None):
        return self.describe(selection)


_registry.__class__ = _CallableRegistry
