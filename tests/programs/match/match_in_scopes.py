import contextlib

LOG = []


def generator(items):
    for item in items:
        match item:
            case ("yield", value):
                received = yield value
                LOG.append(("received", received))
            case ("stop", reason):
                return reason
            case _:
                continue


g = generator([("yield", 1), "skip", ("yield", 2), ("stop", "done"), ("yield", 3)])
print(next(g), g.send("a"))
try:
    g.send("b")
except StopIteration as e:
    print("StopIteration", e.value)
print(LOG)


def closures(spec):
    match spec:
        case {"scale": scale, "offset": offset}:
            return lambda v: v * scale + offset
        case [scale]:
            def f(v):
                return v * scale
            return f
    return None


print(closures({"scale": 2, "offset": 1})(5), closures([3])(5), closures("x"))

counter = 0


def with_global(x):
    global counter
    match x:
        case int(counter):
            pass
    return counter


print(with_global(7), counter, with_global("no"), counter)


class Dispatcher:
    match "class body":
        case str(kind):
            KIND = kind
        case _:
            KIND = None

    def __init__(self):
        self.seen = []

    def handle(self, msg):
        match msg:
            case {"type": "add", "value": self.__class__.KIND}:
                return "add with kind"
            case {"type": "add", "value": v}:
                self.seen.append(v)
                return f"add {v}"
            case {"type": "clear"}:
                self.seen.clear()
                return "cleared"
        return "unknown"


d = Dispatcher()
print(Dispatcher.KIND, [d.handle(m) for m in [{"type": "add", "value": 1},
                                              {"type": "add", "value": "class body"},
                                              {"type": "clear"}, {"type": "nope"}]], d.seen)


def in_try(x):
    try:
        match x:
            case 0:
                return "returned from case"
            case [v]:
                raise ValueError(v)
            case _:
                pass
    except ValueError as e:
        return f"caught {e}"
    finally:
        LOG.append(f"finally {x!r}")
    return "after match"


print(in_try(0), in_try([5]), in_try("z"), LOG[-3:])


@contextlib.contextmanager
def cm(tag):
    print("enter", tag)
    yield tag
    print("exit", tag)


def in_with(x):
    with cm("w") as tag:
        match x:
            case int():
                return f"{tag} int"
    return f"{tag} other"


print(in_with(1), in_with("s"))
print([(lambda v: [w for w in v if isinstance(w, int)])(item) for item in ([1, "a"], [])])


def comprehension_of_matches(items):
    def kind(v):
        match v:
            case int() | float():
                return "num"
            case str():
                return "str"
        return "other"
    return [kind(v) for v in items]


print(comprehension_of_matches([1, 2.0, "x", None]))
print(sorted(locals().keys())[:3])


def locals_after(x):
    match x:
        case [a, *b] if a:
            pass
        case {"k": c}:
            pass
    return sorted(locals())


print(locals_after([1, 2]), locals_after([0, 2]), locals_after({"k": 1}), locals_after(3))
