ns = {"x": 5}
exec("y = x * 2\ndef f(): return y + 1", ns)
print(ns["y"], ns["f"]())
print(eval("x + y", ns), eval("a * b", {}, {"a": 3, "b": 4}))
code = compile("z = [i for i in range(x)]", "<string>", "exec")
exec(code, ns)
print(ns["z"])
