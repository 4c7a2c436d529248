class BadIter:
    def __iter__(self):
        raise IOError("cannot iterate")
class BadNext:
    def __iter__(self):
        return self
    def __next__(self):
        raise KeyError("next failed")
for obj in (BadIter(), BadNext()):
    for op in (list, tuple, sum, sorted, lambda o: [x for x in o], lambda o: (*o,)):
        try:
            op(obj)
        except (OSError, KeyError) as e:
            print(type(obj).__name__, type(e).__name__, e)
