def none1(): pass
def none2(): return
def multi(): return 1, 2, 3
def early(x):
    for i in range(10):
        if i == x:
            return i * 100
    return -1
def in_finally():
    try:
        return "try"
    finally:
        print("finally runs")
def override():
    try:
        return "try"
    finally:
        return "finally wins"
print(none1(), none2(), multi(), early(3), early(20))
print(in_finally(), override())
a, *b = multi()
print(a, b)
