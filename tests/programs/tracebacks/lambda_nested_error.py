# fivefold: exit=1
compose = lambda f, g: lambda x: f(g(x))
inc = lambda x: x + 1
bad = compose(inc, lambda x: x["k"])
print(compose(inc, inc)(1))
print(bad({"j": 1}))
