# fivefold: exit=5
import atexit, sys
def goodbye(name):
    print("atexit", name)
atexit.register(goodbye, "first")
atexit.register(goodbye, "second")
class CM:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        print("exit handler sees", t.__name__, v.code)
        return False
with CM():
    sys.exit(5)
