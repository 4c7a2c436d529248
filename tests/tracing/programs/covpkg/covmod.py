def classify(n):
    if n < 0:
        return 'neg'
    elif n == 0:
        return 'zero'
    total = 0
    for i in range(n):
        if i % 2:
            total += i
        else:
            pass
    while total > 100:
        total -= 100
    try:
        1 / (n - 3)
    except ZeroDivisionError:
        total = -1
    return total

def gen(k):
    for i in range(k):
        yield i

def unused():
    return 1

class K:
    def m(self):
        return [x for x in gen(3)]
