def guarded(items):
    for item in items:
        try:
            yield 10 / item
        except ZeroDivisionError:
            yield "div0"
print(list(guarded([1, 0, 5])))
def reraiser():
    try:
        yield 1
    except ValueError as e:
        raise KeyError("translated") from e
g = reraiser()
next(g)
try:
    g.throw(ValueError("v"))
except KeyError as e:
    print(repr(e), "from", repr(e.__cause__))
def finally_yields():
    try:
        yield "body"
    finally:
        print("cleanup")
for v in finally_yields():
    print(v)
