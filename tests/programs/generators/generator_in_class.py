class Tree:
    def __init__(self, value, *children):
        self.value = value
        self.children = children
    def __iter__(self):
        yield self.value
        for c in self.children:
            yield from c
    def walk(self, depth=0):
        yield depth, self.value
        for c in self.children:
            yield from c.walk(depth + 1)
t = Tree(1, Tree(2, Tree(4)), Tree(3, Tree(5), Tree(6)))
print(list(t), sum(t))
for d, v in t.walk():
    print("  " * d + str(v))
