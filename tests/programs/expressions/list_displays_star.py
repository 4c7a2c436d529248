a = [1, 2]
b = (3, 4)
print([*a, *b, 5], [*range(3), *"ab"], [*a])
print((*a, *b), (*a,), {*a, *b, 1})
print({**{"x": 1}, "y": 2, **{"x": 3}})
print({"a": 1, **dict(b=2)}, dict(**{"k": 1}, z=0))
first, *rest = [*b, *a]
print(first, rest)
print([], (), {}, set(), [[]], [()])
print(len([*{}, *set(), *[]]))
