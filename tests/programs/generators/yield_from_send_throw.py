def sub():
    try:
        while True:
            v = yield
            print("sub got", v)
    except KeyError as e:
        print("sub caught KeyError", e)
        return "sub-ret"
    finally:
        print("sub finally")
def main():
    r = yield from sub()
    print("main got return", r)
    yield "main continues"
g = main()
next(g)
g.send(1)
g.send(2)
print(g.throw(KeyError("x")))
g2 = main()
next(g2)
g2.close()
print("closed g2")
