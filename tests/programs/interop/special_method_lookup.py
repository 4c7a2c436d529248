class C:
    pass
c = C()
c.__len__ = lambda: 5
try:
    len(c)
except TypeError as e:
    print("TypeError:", e)
C.__len__ = lambda self: 7
print(len(c))
class D:
    def __getattr__(self, name):
        return lambda *a: f"dynamic {name}"
d = D()
print(d.anything())
try:
    len(d)
except TypeError as e:
    print("TypeError:", e)
