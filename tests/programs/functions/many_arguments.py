def f(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20):
    return sum((a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20))
print(f(*range(20)))
print(f(*range(10), *range(10)))
print(f(**{f"a{i}": i for i in range(1, 21)}))
def g(*a):
    return len(a), a[-1]
print(g(*range(1000)))
