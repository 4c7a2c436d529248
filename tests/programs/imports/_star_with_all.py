__all__ = ["exported", "also"]
exported = "exported"
also = "also exported"
not_listed = "not in __all__"
