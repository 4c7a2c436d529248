from contextlib import contextmanager, suppress, ExitStack
@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name
    except KeyError as e:
        print(f"  {name} handled KeyError {e}")
    finally:
        print(f"</{name}>")
with tag("a") as a, tag("b") as b:
    print("inside", a, b)
with tag("c"):
    raise KeyError("boom")
print("after c")
try:
    with tag("d"):
        raise ValueError("passes through")
except ValueError as e:
    print("outside:", e)
with suppress(ZeroDivisionError, IndexError):
    print("suppress body")
    [][1]
print("after suppress")
with ExitStack() as stack:
    for n in "xyz":
        stack.enter_context(tag(n))
    stack.callback(print, "callback")
    print("stack body")
