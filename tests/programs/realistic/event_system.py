"""An event bus with subscribers as closures, bound methods and classes; errors isolated per handler."""
import functools
class EventBus:
    def __init__(self):
        self.handlers = {}
        self.errors = []
    def on(self, event, priority=0):
        def register(fn):
            self.handlers.setdefault(event, []).append((priority, len(self.handlers.get(event, [])), fn))
            self.handlers[event].sort(key=lambda t: (-t[0], t[1]))
            return fn
        return register
    def emit(self, event, **payload):
        results = []
        for _, _, fn in self.handlers.get(event, []):
            try:
                results.append(fn(**payload))
            except Exception as e:
                self.errors.append(f"{event}/{getattr(fn, '__qualname__', fn)}: {type(e).__name__}: {e}")
        return results
bus = EventBus()
def make_counter(name):
    count = 0
    def handler(**payload):
        nonlocal count
        count += 1
        return f"{name}#{count} {sorted(payload)}"
    handler.__qualname__ = f"counter[{name}]"
    return handler
bus.on("login")(make_counter("audit"))
bus.on("login", priority=10)(make_counter("security"))
class Mailer:
    def __init__(self):
        self.sent = []
    def welcome(self, user, **_):
        if not user:
            raise ValueError("no user to welcome")
        self.sent.append(user)
        return f"mail to {user}"
mailer = Mailer()
bus.on("login", priority=5)(mailer.welcome)
@bus.on("logout")
def goodbye(user, reason="normal"):
    return f"bye {user} ({reason})"
@bus.on("logout", priority=1)
def strict(user, reason):
    return f"strict {user} {reason}"
bus.on("tick")(functools.partial(lambda prefix, n: f"{prefix}{n * n}", "sq="))
print(bus.emit("login", user="ann"))
print(bus.emit("login", user=""))
print(bus.emit("logout", user="ann"))
print(bus.emit("logout", user="bob", reason="timeout"))
print(bus.emit("tick", n=7), bus.emit("nothing"))
print("mailer sent:", mailer.sent)
print("errors:")
for e in bus.errors:
    print(" ", e)
