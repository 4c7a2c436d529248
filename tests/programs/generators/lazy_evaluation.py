def noisy(n):
    for i in range(n):
        print("produce", i)
        yield i
def doubled(it):
    for v in it:
        print("double", v)
        yield v * 2
pipe = doubled(noisy(3))
print("pipeline built")
print(next(pipe))
print("between")
print(list(pipe))
z = zip(noisy(2), noisy(5))
print(list(z))
m = map(lambda v: v + 1, noisy(2))
print("map built")
print(list(m))
