# fivefold: exit=1
class Percent:
    def __init__(self):
        self._v = 0
    @property
    def value(self):
        return self._v
    @value.setter
    def value(self, v):
        if not 0 <= v <= 100:
            raise ValueError(f"{v} is not a percentage")
        self._v = v
p = Percent()
p.value = 50
print(p.value)
p.value = 150
