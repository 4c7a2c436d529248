def f(a: int, b: "str" = "x", *args: float, c: list = None, **kw: dict) -> bool:
    return True
print(f.__annotations__)
def g(x, y):
    pass
print(g.__annotations__)
class C:
    a: int
    b: str = "b"
    def m(self) -> "C":
        return self
print(C.__annotations__, C.b, hasattr(C, "a"), C.m.__annotations__)
x: int = 5
y: list
print(__annotations__)
print(x, "y" in globals())
def local_ann():
    z: int = 3
    w: str
    return z
print(local_ann(), local_ann.__annotations__)
