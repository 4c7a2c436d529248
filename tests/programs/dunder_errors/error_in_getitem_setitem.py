class Strict(dict):
    def __setitem__(self, k, v):
        if not isinstance(k, str):
            raise TypeError(f"keys must be str, not {type(k).__name__}")
        super().__setitem__(k, v)
    def __getitem__(self, k):
        try:
            return super().__getitem__(k)
        except KeyError:
            raise KeyError(f"strict: {k!r} missing") from None
s = Strict()
s["a"] = 1
for op in (lambda: s.__setitem__(1, 2), lambda: s["zz"], lambda: s.update({2: 3}) or s.get(2)):
    try:
        print(op())
    except (TypeError, KeyError) as e:
        print(type(e).__name__, e)
print(dict(s))
