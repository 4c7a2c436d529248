# fivefold: exit=1
class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
    def __getitem__(self, pos):
        x, y = pos
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise IndexError(f"({x}, {y}) outside {self.w}x{self.h}")
        return x * y
g = Grid(3, 3)
print(g[1, 2])
print(g[5, 1])
