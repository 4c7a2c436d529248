class C:
    def __init__(self):
        self.n = 0
        self.items = [1, 2, 3]
class Logged(dict):
    def __getitem__(self, k):
        print("get", k)
        return super().__getitem__(k)
    def __setitem__(self, k, v):
        print("set", k, v)
        super().__setitem__(k, v)
c = C()
c.n += 5
c.n *= 3
c.items[1] += 10
c.items[-1] **= 2
print(c.n, c.items)
d = Logged(a=1)
d["a"] += 41
print(dict(d))
calls = []
def key():
    calls.append("key")
    return "k"
m = {"k": 1}
m[key()] += 1
print(m, calls)
grid = [[0] * 3 for _ in range(2)]
grid[1][2] -= 7
print(grid)
