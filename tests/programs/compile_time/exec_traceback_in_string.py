# fivefold: exit=1
src = """
def inner(x):
    return x["key"]
inner({})
"""
print("running generated code")
exec(compile(src, "<generated>", "exec"))
