# A subclass of int with its own __add__ reaches a site specialized for exact ints.
class Loud(int):
    def __add__(self, other):
        return f"Loud({int(self)}+{other})"
    def __mul__(self, other):
        return Loud(int(self) * other)

def combine(a, b):
    return a + b, a * b, a - b

for i in range(4):
    print(combine(i, 2))
print(combine(Loud(3), 2))
print(combine(2, Loud(3)))
print(type(combine(Loud(3), 2)[1]).__name__)
