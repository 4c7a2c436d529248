eg = ExceptionGroup("several", [ValueError("v"), TypeError("t"), ExceptionGroup("sub", [KeyError("k")])])
print(eg, repr(eg.exceptions[0]), len(eg.exceptions))
match, rest = eg.split(ValueError)
print(match, rest)
print(eg.subgroup(lambda e: isinstance(e, KeyError)))
try:
    raise eg
except ExceptionGroup as caught:
    print("caught group:", caught.message, [type(e).__name__ for e in caught.exceptions])
try:
    ExceptionGroup("bad", [1])
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
