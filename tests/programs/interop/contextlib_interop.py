import contextlib
@contextlib.contextmanager
def managed(name):
    print("acquire", name)
    try:
        yield name.upper()
    finally:
        print("release", name)
with managed("a") as v:
    print("using", v)
try:
    with managed("b"):
        raise ValueError("inside")
except ValueError as e:
    print("propagated", e)
class Closer:
    def close(self):
        print("closed")
with contextlib.closing(Closer()):
    print("closing body")
with contextlib.redirect_stdout(None) if False else contextlib.nullcontext("nc") as n:
    print(n)
