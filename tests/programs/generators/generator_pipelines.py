lines = ["alpha 1", "# comment", "beta 22", "", "gamma 333", "delta x"]
def nonblank(ls):
    for l in ls:
        if l.strip():
            yield l
def uncommented(ls):
    return (l for l in ls if not l.startswith("#"))
def parsed(ls):
    for l in ls:
        name, _, val = l.partition(" ")
        try:
            yield name, int(val)
        except ValueError:
            print("skip", repr(l))
for name, val in parsed(uncommented(nonblank(lines))):
    print(name, val)
