class Container:
    def __contains__(self, x):
        print("contains", x)
        return x % 2 == 0
c = Container()
print(4 in c, 3 in c, 3 not in c)
class Seq:
    def __getitem__(self, i):
        if i > 3:
            raise IndexError(i)
        return i * 10
print(20 in Seq(), 25 in Seq(), list(Seq()))
a = [1]
b = a
print(a is b, a is not [1], a == [1], None is None)
print("lo" in "hello", 2 in {1: 0, 2: 0}, 5 in range(0, 10, 5))
