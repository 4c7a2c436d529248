def f(a, b):
    try:
        try:
            return a[b]
        except IndexError:
            print("inner IndexError")
            return a[-1]
        except KeyError as e:
            print("inner KeyError", e)
            raise TypeError("converted") from e
        finally:
            print("inner finally")
    except TypeError as e:
        print("outer TypeError", e, "cause", repr(e.__cause__))
        return None
    finally:
        print("outer finally")
print(f([1, 2], 5))
print(f({"a": 1}, "b"))
print(f([7], 0))
