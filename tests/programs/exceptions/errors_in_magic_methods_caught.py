class Weird:
    def __len__(self):
        return -1
class BadIter:
    def __iter__(self):
        return 5
class BadBool:
    def __bool__(self):
        return "yes"
class RaisingRepr:
    def __repr__(self):
        raise RuntimeError("repr failed")
class BadIndex:
    def __index__(self):
        return "x"
for label, fn in [("len", lambda: len(Weird())), ("iter", lambda: iter(BadIter())),
                  ("bool", lambda: bool(BadBool())), ("repr", lambda: repr(RaisingRepr())),
                  ("list repr", lambda: str([RaisingRepr()])), ("index", lambda: [1, 2][BadIndex()]),
                  ("f-string", lambda: f"{RaisingRepr()!r}")]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, "->", type(e).__name__, e)
