import operator
ops = {"+": operator.add, "-": operator.sub, "max": max, "pow": pow, "neg": lambda a, b=0: -a}
def double(x):
    return 2 * x
pipeline = [double, str, lambda s: s + "!", str.upper]
for sym, args in [("+", (2, 3)), ("-", (2, 3)), ("max", (4, 9)), ("pow", (2, 8)), ("neg", (5,))]:
    print(sym, ops[sym](*args))
v = 21
for fn in pipeline:
    v = fn(v)
print(v)
handlers = {}
def on(name):
    def reg(fn):
        handlers[name] = fn
        return fn
    return reg
@on("greet")
def _(who):
    return f"hello {who}"
@on("part")
def _(who):
    return f"bye {who}"
print(handlers["greet"]("x"), handlers["part"]("y"), sorted(handlers))
