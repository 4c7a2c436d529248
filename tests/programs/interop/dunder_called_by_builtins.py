class Num:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
    def __int__(self):
        return self.v
    def __float__(self):
        return self.v + 0.5
    def __round__(self, n=None):
        return f"round({n})"
    def __abs__(self):
        return "abs"
    def __hash__(self):
        return self.v
    def __eq__(self, o):
        return isinstance(o, Num) and o.v == self.v
n = Num(3)
print([10, 20, 30, 40][n], bin(n), hex(n), range(n), int(n), float(n), round(n), round(n, 2), abs(n))
print({n: "x"}[Num(3)], "abcdef"[n:], list(range(10))[Num(1):Num(4)], divmod(7, 2))
class Len:
    def __len__(self):
        return 4
    def __bool__(self):
        return False
print(len(Len()), bool(Len()), "truthy" if Len() else "falsy")
