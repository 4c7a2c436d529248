def f(list):
    return list * 2
print(f(3), list("ab"))
def g(x, y=None):
    def h(x):
        return x + 1
    return h(x * 10), x
print(g(1))
def param_cell(n):
    return [lambda: n for _ in range(2)][1]()
print(param_cell(7))
