# fivefold: exit=1
class Broken:
    def __init__(self, data):
        self.data = data
    def __repr__(self):
        return "Broken(" + ", ".join(self.data) + ")"
print(repr(Broken(["a", "b"])))
print([Broken(["a", 1])])
