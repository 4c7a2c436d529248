"""fivefold: a tiered VM inside CPython 3.11, a benchmark harness and a funding model."""

__version__ = "0.1.0"
