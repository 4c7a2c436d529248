def run(x):
    try:
        print("try", x)
        r = 10 // x
    except ZeroDivisionError:
        print("except zero")
        r = None
    except TypeError as e:
        print("except type", e)
        r = "bad"
    else:
        print("else", r)
    finally:
        print("finally", x)
    return r
for x in (2, 0, "s"):
    print("->", run(x))
