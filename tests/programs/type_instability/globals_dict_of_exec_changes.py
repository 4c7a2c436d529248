# The same function code runs over different globals dicts (exec with fresh namespaces).
source = """
def area(r):
    return PI * r * r
"""
results = []
for pi in (3, 3.14, 3.14159):
    ns = {"PI": pi}
    exec(source, ns)
    results.append([ns["area"](r) for r in (1, 2)])
print(results)
ns = {}
exec(source, ns)
try:
    ns["area"](1)
except NameError as e:
    print("NameError:", e)
ns["PI"] = "pi"
try:
    ns["area"](2)
except TypeError as e:
    print("TypeError:", e)
