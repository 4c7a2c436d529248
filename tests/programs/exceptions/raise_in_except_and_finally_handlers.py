def handler_raises():
    try:
        raise KeyError("orig")
    except KeyError as e:
        raise ValueError("from handler")
def else_raises():
    try:
        pass
    except Exception:
        print("never")
    else:
        raise IndexError("from else")
    finally:
        print("finally after else")
for fn in (handler_raises, else_raises):
    try:
        fn()
    except Exception as e:
        print(fn.__name__, "->", repr(e), "context", repr(e.__context__))
