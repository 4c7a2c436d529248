# fivefold: exit=1
class Transaction:
    def __enter__(self):
        print("begin")
        return self
    def __exit__(self, t, v, tb):
        print("rollback" if t else "commit")
        return False
with Transaction():
    print("working")
with Transaction() as t:
    t.missing_method()
