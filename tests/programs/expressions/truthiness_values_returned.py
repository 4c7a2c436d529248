print(0 or "default", "" or None, [] or {} or (), "x" and "y", 0 and 1 / 0, None or 0 or [] or "last")
values = [0, 1, "", "a", [], [0], None]
print([v or "F" for v in values], [v and "T" for v in values])
name = None
print(name or "anonymous", (name and name.upper()) or "N/A")
def first_truthy(*args):
    for a in args:
        if a:
            return a
    return None
print(first_truthy(0, "", [], 5, 6), first_truthy())
