# fivefold: exit=1
class Abort(BaseException):
    pass
def work():
    try:
        raise Abort("stop everything")
    except Exception:
        print("not caught by Exception")
work()
