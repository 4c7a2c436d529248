# fivefold: exit=1
class Lock:
    def __enter__(self):
        print("locked")
        return self
    def __exit__(self, *exc):
        print("unlocking")
        raise RuntimeError("unlock failed")
with Lock():
    print("critical section")
