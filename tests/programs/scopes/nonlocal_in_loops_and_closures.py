def collect():
    calls = 0
    out = []
    def record(v):
        nonlocal calls
        calls += 1
        out.append((calls, v))
    for w in "abc":
        record(w)
    i = 0
    while i < 2:
        record(i)
        i += 1
    return calls, out
print(collect())
def loop_var_captured():
    fs = []
    for i in range(3):
        def f():
            return i
        fs.append(f)
    i = 99
    return [f() for f in fs]
print(loop_var_captured())
