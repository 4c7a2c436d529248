# fivefold: exit=1
class Builder:
    def __init__(self):
        self.parts = []
    def add(self, p):
        self.parts.append(p)
        return self
    def build(self):
        return "".join(self.parts)
    def fail(self):
        return None
print(Builder().add("a").add("b").build())
print(Builder().add("a").fail().add("b"))
