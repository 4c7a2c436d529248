import sys, traceback
def gen(n):
    for i in range(n):
        yield i
def total(n):
    t = 0
    for x in gen(n):
        t += x
    return t
print([total(n) for n in range(6)])
def where():
    yield sys._getframe().f_back.f_code.co_name
    yield sys._getframe().f_back.f_code.co_name
def consumer():
    return [name for name in where()] + [n for n in where()]
print(consumer())
def bad():
    yield 1
    raise StopIteration
for _ in range(3):
    try:
        for v in bad():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e, type(e.__cause__).__name__)
def boom():
    yield 1
    1 / 0
for _ in range(3):
    try:
        for v in boom():
            pass
    except ZeroDivisionError:
        print(traceback.format_exc().splitlines()[-4:])
def cleanup():
    try:
        yield 1
        yield 2
    finally:
        print("finally")
for _ in range(3):
    for v in cleanup():
        if v == 1:
            break
it = gen(6)
for v in it:
    if v == 2:
        break
print(next(it), list(it))
def returns():
    yield 1
    return "dropped"
print([v for v in returns()])
def thrown():
    try:
        yield 1
        yield 2
    except KeyError as e:
        yield ("caught", e.args)
    yield 3
for _ in range(3):
    g = thrown()
    for v in g:
        print(v)
        if v == 1:
            print(g.throw(KeyError("k")))
def closed_mid():
    try:
        for i in range(5):
            yield i
    finally:
        print("closed at", i)
for _ in range(3):
    g = closed_mid()
    for v in g:
        if v == 2:
            g.close()
    print(list(g))
