class Bad:
    def __repr__(self):
        raise ValueError("repr exploded")
for fn in (repr, str, lambda o: f"{o}", lambda o: "%r" % (o,), lambda o: [o].__repr__(), lambda o: format(o)):
    try:
        fn(Bad())
    except ValueError as e:
        print("ValueError:", e)
class BadStr:
    def __str__(self):
        return 42
try:
    str(BadStr())
except TypeError as e:
    print("TypeError:", e)
