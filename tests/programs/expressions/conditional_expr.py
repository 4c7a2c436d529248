for x in range(-2, 3):
    s = "neg" if x < 0 else "zero" if x == 0 else "pos"
    print(x, s)
f = lambda n: n if n < 2 else f(n - 1) + f(n - 2)
print([f(i) for i in range(10)])
print((lambda: 1 if [] else 2)())
print("yes" if "" or [0] else "no")
