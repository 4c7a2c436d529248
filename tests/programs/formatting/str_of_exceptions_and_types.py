class Custom(Exception):
    pass
print(str(Custom), repr(Custom), Custom.__name__, Custom.__qualname__, Custom.__module__)
print(str(int), repr(len), repr(print), str(str.upper), repr([].append)[:26])
class K:
    def m(self): pass
print(repr(K), K.m.__qualname__, repr(K.m).split(" at 0x")[0])
def f(): pass
print(repr(f).split(" at 0x")[0], str(type(f)), str(type(K().m)))
