def f():
    return 2 ** 10, "a" * 3, (1, 2) + (3,), -(-5), not True, 1 < 2 < 3
print(f(), f.__code__.co_consts[-1] if f.__code__.co_consts else None)
big = 2 ** 100000
print(len(str(2 ** 1000)), big.bit_length())
print(("x" * 5000)[:3], len("y" * 5000))
