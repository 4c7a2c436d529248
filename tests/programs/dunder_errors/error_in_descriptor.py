class Guarded:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        raise PermissionError(f"reading {self.name} is forbidden")
    def __set__(self, obj, value):
        raise PermissionError(f"writing {self.name} is forbidden")
    def __delete__(self, obj):
        raise PermissionError(f"deleting {self.name} is forbidden")
class Vault:
    secret = Guarded()
v = Vault()
for op in (lambda: v.secret, lambda: setattr(v, "secret", 1), lambda: delattr(v, "secret"), lambda: getattr(v, "secret", "d")):
    try:
        print(op())
    except PermissionError as e:
        print("PermissionError:", e)
print(hasattr(v, "secret") if False else type(Vault.secret).__name__)
