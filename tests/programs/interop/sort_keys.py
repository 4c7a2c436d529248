people = [("ann", 31), ("bob", 25), ("cy", 31), ("di", 19)]
def by_age(p):
    return p[1]
def by_age_then_name_desc(p):
    return (-p[1], p[0])
print(sorted(people, key=by_age), sorted(people, key=by_age_then_name_desc))
people.sort(key=lambda p: len(p[0]), reverse=True)
print(people)
import functools
def cmp(a, b):
    return (a[1] > b[1]) - (a[1] < b[1]) or (a[0] < b[0]) - (a[0] > b[0])
print(sorted(people, key=functools.cmp_to_key(cmp)))
print(max(people, key=by_age), min(people, key=lambda p: p[0][-1]))
def bad_key(p):
    if p[0] == "cy":
        raise ValueError("cannot key cy")
    return p[1]
try:
    sorted(people, key=bad_key)
except ValueError as e:
    print("ValueError:", e)
