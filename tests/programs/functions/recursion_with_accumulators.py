def flatten(x, out=None):
    if out is None:
        out = []
    if isinstance(x, (list, tuple)):
        for y in x:
            flatten(y, out)
    else:
        out.append(x)
    return out
print(flatten([1, [2, (3, [4, [5]])], 6]))
def permutations(s):
    if len(s) <= 1:
        return [s]
    return [c + p for i, c in enumerate(s) for p in permutations(s[:i] + s[i + 1:])]
print(permutations("abc"), len(permutations("abcde")))
def power_set(xs):
    if not xs:
        return [[]]
    rest = power_set(xs[1:])
    return rest + [[xs[0]] + r for r in rest]
print(power_set([1, 2, 3]))
