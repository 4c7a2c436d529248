class DefaultList(list):
    def __init__(self, default, *a):
        super().__init__(*a)
        self.default = default
    def __getitem__(self, i):
        try:
            return super().__getitem__(i)
        except IndexError:
            return self.default
d = DefaultList(0, [1, 2, 3])
print(d[1], d[10], len(d), d + [4], type(d + [4]).__name__)
class CountingDict(dict):
    def __missing__(self, key):
        self[key] = 0
        return 0
cd = CountingDict()
for w in "a b a c a b".split():
    cd[w] += 1
print(sorted(cd.items()))
class Celsius(float):
    def __repr__(self):
        return f"{float(self):.1f}C"
print([Celsius(21.456), Celsius(-3)], Celsius(1) + 1)
class MyInt(int):
    def __add__(self, o):
        return MyInt(int(self) + int(o) + 1000)
print(MyInt(1) + 1, 1 + MyInt(1), type(MyInt(5) * 2).__name__)
