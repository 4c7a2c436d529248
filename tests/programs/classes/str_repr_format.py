class Money:
    def __init__(self, cents):
        self.cents = cents
    def __str__(self):
        return f"${self.cents / 100:.2f}"
    def __repr__(self):
        return f"Money({self.cents})"
    def __format__(self, spec):
        if spec == "words":
            return f"{self.cents // 100} dollars"
        return format(str(self), spec)
m = Money(12345)
print(m, repr(m), [m], f"{m}", f"{m!r}", f"{m:words}", f"[{m:>12}]", str([m, m]))
print("%s %r" % (m, m), "{0} {0!r} {0:words}".format(m))
class OnlyRepr:
    def __repr__(self):
        return "OnlyRepr()"
print(OnlyRepr(), str(OnlyRepr()), f"{OnlyRepr()}")
