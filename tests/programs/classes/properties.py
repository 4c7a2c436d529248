class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError("below absolute zero")
        self._c = v
    @celsius.deleter
    def celsius(self):
        print("deleting")
        del self._c
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
t = Temp(100)
print(t.celsius, t.fahrenheit)
t.celsius = 0
print(t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.fahrenheit = 5
except AttributeError as e:
    print("AttributeError:", e)
del t.celsius
print(hasattr(t, "_c"), type(Temp.celsius).__name__)
