def risky(kind):
    if kind == 1:
        raise KeyError("k")
    if kind == 2:
        raise IndexError("i")
    if kind == 3:
        raise ValueError("v")
    if kind == 4:
        raise FileNotFoundError(2, "No such file", "x.txt")
    return "fine"
for k in range(5):
    try:
        print(risky(k))
    except (KeyError, IndexError) as e:
        print("lookup:", type(e).__name__, e, isinstance(e, LookupError))
    except OSError as e:
        print("os:", type(e).__name__, e.errno, e.strerror, e.filename, e)
    except Exception as e:
        print("other:", repr(e))
