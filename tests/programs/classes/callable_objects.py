class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x, *rest):
        return self.n + x + sum(rest)
add5 = Adder(5)
print(add5(1), add5(1, 2, 3), list(map(add5, range(3))), callable(add5))
class Counter:
    def __init__(self):
        self.calls = 0
    def __call__(self):
        self.calls += 1
        return self.calls
c = Counter()
for _ in range(3):
    c()
print(c.calls)
bound = add5.__call__
print(bound(100), type(bound).__name__)
