class BadHash:
    def __hash__(self):
        raise RuntimeError("no hash today")
for op in (lambda: {BadHash()}, lambda: {BadHash(): 1}, lambda: hash(BadHash()), lambda: BadHash() in {1: 2}):
    try:
        op()
    except RuntimeError as e:
        print("RuntimeError:", e)
class WrongHash:
    def __hash__(self):
        return "str"
try:
    hash(WrongHash())
except TypeError as e:
    print("TypeError:", e)
