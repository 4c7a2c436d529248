class V:
    def __init__(self, x, y): self.x, self.y = x, y
    def __add__(self, o): return V(self.x + o.x, self.y + o.y)
    def __sub__(self, o): return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k): return V(self.x * k, self.y * k)
    def __rmul__(self, k): return V(self.x * k, self.y * k) if isinstance(k, int) else NotImplemented
    def __matmul__(self, o): return self.x * o.x + self.y * o.y
    def __truediv__(self, k): return V(self.x / k, self.y / k)
    def __floordiv__(self, k): return V(self.x // k, self.y // k)
    def __mod__(self, k): return V(self.x % k, self.y % k)
    def __pow__(self, k): return V(self.x ** k, self.y ** k)
    def __lshift__(self, k): return V(self.x << k, self.y << k)
    def __and__(self, o): return "and"
    def __or__(self, o): return "or"
    def __xor__(self, o): return "xor"
    def __eq__(self, o): return isinstance(o, V) and (self.x, self.y) == (o.x, o.y)
    def __lt__(self, o): return (self.x, self.y) < (o.x, o.y)
    def __hash__(self): return hash((self.x, self.y))
    def __repr__(self): return f"V({self.x}, {self.y})"
a, b = V(1, 2), V(3, 4)
print(a + b, a - b, a * 3, 3 * a, a @ b, b / 2, b // 2, b % 2, a ** 2, a << 2)
print(a & b, a | b, a ^ b, a == V(1, 2), a != b, a < b, a > b, sorted([b, a]))
print({a: 1}[V(1, 2)])
