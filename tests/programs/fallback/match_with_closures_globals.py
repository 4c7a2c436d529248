HANDLED = []
def make_dispatcher(prefix):
    seen = 0
    def dispatch(msg):
        nonlocal seen
        seen += 1
        match msg:
            case ("ping", n):
                HANDLED.append(n)
                return f"{prefix} pong {n} (#{seen})"
            case ("add", a, b):
                return f"{prefix} sum {a + b}"
            case _:
                return f"{prefix} ignored"
    def count():
        return seen
    return dispatch, count
d, count = make_dispatcher(">")
for m in (("ping", 1), ("add", 2, 3), "junk", ("ping", 9)):
    print(d(m))
print(count(), HANDLED)
