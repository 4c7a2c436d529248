class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(5)), sum(Countdown(4)))
c = Countdown(3)
for x in c:
    print("got", x)
print(list(c), next(c, "done"))
class Fib:
    def __iter__(self):
        a, b = 0, 1
        while True:
            yield a
            a, b = b, a + b
import itertools
print(list(itertools.islice(Fib(), 12)))
