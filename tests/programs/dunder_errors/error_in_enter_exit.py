class BadEnter:
    def __enter__(self):
        raise RuntimeError("enter failed")
    def __exit__(self, *a):
        print("never called")
class BadExit:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        raise RuntimeError(f"exit failed while handling {t.__name__ if t else None}")
for cm in (BadEnter, BadExit):
    try:
        with cm():
            print("body of", cm.__name__)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    with BadExit():
        raise ValueError("body error")
except RuntimeError as e:
    print("RuntimeError:", e, "| context:", repr(e.__context__))
class NotCM:
    pass
try:
    with NotCM():
        pass
except (TypeError, AttributeError) as e:
    print(type(e).__name__, e)
