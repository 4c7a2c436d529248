class F:
    def __format__(self, spec):
        if spec:
            raise ValueError(f"unknown spec {spec!r}")
        return "F()"
print(f"{F()}", format(F()))
try:
    f"{F():>10}"
except ValueError as e:
    print("ValueError:", e)
class C:
    def __contains__(self, x):
        raise LookupError(f"cannot search for {x}")
try:
    1 in C()
except LookupError as e:
    print("LookupError:", e)
try:
    "{:d}".format(F())
except ValueError as e:
    print("ValueError:", e)
