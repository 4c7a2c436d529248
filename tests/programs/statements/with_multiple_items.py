class CM:
    def __init__(self, n, fail_enter=False):
        self.n = n
        self.fail_enter = fail_enter
    def __enter__(self):
        if self.fail_enter:
            raise RuntimeError(f"enter {self.n} failed")
        print("enter", self.n)
        return self.n
    def __exit__(self, *exc):
        print("exit", self.n, exc[0].__name__ if exc[0] else None)
        return False
with CM(1) as a, CM(2) as b, CM(3):
    print("body", a, b)
with (CM(4) as c,
      CM(5) as d):
    print("parenthesized", c, d)
try:
    with CM(6), CM(7, fail_enter=True), CM(8):
        print("unreachable")
except RuntimeError as e:
    print("caught", e)
with CM(9) as (x):
    print(x)
