def make_stack():
    items = []
    def push(x):
        items.append(x)
        return len(items)
    def pop():
        if not items:
            raise IndexError("pop from empty stack")
        return items.pop()
    def peek():
        return items[-1] if items else None
    def size():
        return len(items)
    return {"push": push, "pop": pop, "peek": peek, "size": size}
s1, s2 = make_stack(), make_stack()
for i in range(3):
    s1["push"](i)
s2["push"]("x")
print(s1["size"](), s2["size"](), s1["peek"](), s1["pop"](), s1["pop"](), s2["pop"]())
try:
    s2["pop"]()
except IndexError as e:
    print("IndexError:", e)
print(s1["push"].__closure__[0].cell_contents)
