class BadLen:
    def __len__(self):
        raise ValueError("len failed")
class NegLen:
    def __len__(self):
        return -5
class FloatLen:
    def __len__(self):
        return 2.5
for cls in (BadLen, NegLen, FloatLen):
    for op in (len, bool):
        try:
            print(op(cls()))
        except (ValueError, TypeError) as e:
            print(cls.__name__, op.__name__, type(e).__name__, e)
