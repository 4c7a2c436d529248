"""fivefold: a tiered VM inside CPython 3.11, a benchmark harness and a funding model."""

__version__ = "0.1.0"


def changes(selection=None):
    """Every registered change of every stage, with whether it is enabled now."""
    from fivefold import change_registry as _registry

    return _registry.describe(selection)
