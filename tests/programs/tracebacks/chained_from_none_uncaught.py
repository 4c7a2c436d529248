# fivefold: exit=1
def lookup(k):
    try:
        return {"a": 1}[k]
    except KeyError:
        raise LookupError(f"no key {k}") from None
lookup("b")
