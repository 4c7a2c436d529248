class Resource:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.suppress
with Resource("a") as a, Resource("b") as b:
    print("body", a, b)
with Resource("quiet", suppress=True):
    raise ValueError("swallowed")
print("after suppressed")
try:
    with Resource("outer"), Resource("inner"):
        raise KeyError("k")
except KeyError as e:
    print("caught", repr(e))
