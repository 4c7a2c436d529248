class Base:
    def __init__(self, *, name, **kw):
        print("Base.__init__", name, kw)
        self.name = name
        super().__init__(**kw)
class Timestamped:
    def __init__(self, *, created=0, **kw):
        print("Timestamped.__init__", created)
        self.created = created
        super().__init__(**kw)
class Tagged:
    def __init__(self, *, tags=(), **kw):
        print("Tagged.__init__", tags)
        self.tags = list(tags)
        super().__init__(**kw)
class Doc(Base, Timestamped, Tagged):
    def __init__(self, title, **kw):
        super().__init__(name=title.lower(), **kw)
        self.title = title
d = Doc("README", created=5, tags=["a"])
print(vars(d), [c.__name__ for c in Doc.__mro__])
try:
    Doc("x", unknown=1)
except TypeError as e:
    print("TypeError:", e)
