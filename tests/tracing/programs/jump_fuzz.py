"""frame.f_lineno = N from every trace event where CPython allows a jump (each
'line' event, and each 'return' event of a generator that yields), to every
line around each function: prints, for each attempt, the ValueError's text or
the line events that followed, the values and the exception the run ended
with. CPython and fivefold must print the same (tests/tracing)."""

import dis
import sys
import warnings


class Stop(BaseException):
    """Ends a run that traced too many events (a jump made it loop)."""


class Awaitable:
    def __await__(self):
        return (yield "awaited")


def straight(a):
    x = a + 1
    y = x * 2
    z = [x, y]
    return z


def loops(n):
    total = 0
    for i in range(n):
        total += i
        if i == 1:
            continue
    while n > 0:
        n -= 1
        total += len(str(n))
    else:
        total -= 1
    return total


def blocks(n):
    out = []
    try:
        out.append(1)
        with Manager(out):
            out.append(2)
        out.append(3)
    except ZeroDivisionError as e:
        out.append(str(e))
    finally:
        out.append(4)
    try:
        out.append(1 / n)
    except ZeroDivisionError:
        out.append("zero")
    else:
        out.append("else")
    return out


def nested(items):
    found = None
    for a in items:
        for b in items:
            try:
                if a * b == 6:
                    found = (a, b)
                    break
            finally:
                items = items
        else:
            continue
        break
    return found


def calls(s):
    r = len(s)
    t = print_nothing(
        s.upper(),
        r)
    u = s.replace("a", "b").strip()
    v = [len(w) for w in (s, t, u)]
    return max(
        v,
        key=abs)


def matching(x):
    match x:
        case [a, b]:
            r = a + b
        case {"k": v}:
            r = v
        case int() if x > 1:
            r = -x
        case _:
            r = None
    return r


def gen(n):
    yield 1
    x = n + 1
    yield x
    for i in range(n):
        yield i
    y = yield from inner(n)
    yield y


def inner(n):
    v = yield n * 10
    return n * 100


async def coro(n):
    a = await Awaitable()
    b = n + 1
    async with AsyncManager():
        c = await Awaitable()
    return (a, b, c)


class Manager:
    def __init__(self, out):
        self.out = out

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.out.append("exit")
        return False


class AsyncManager:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


def print_nothing(*args):
    return str(len(args))


def run_coro(c):
    sent = []
    try:
        v = c.send(None)
        while True:
            sent.append(v)
            v = c.send(len(sent))
    except StopIteration as e:
        return (sent, e.value)


CASES = [
    (straight, lambda: straight(3)),
    (loops, lambda: loops(3)),
    (blocks, lambda: blocks(0)),
    (blocks, lambda: blocks(2)),
    (nested, lambda: nested([1, 2, 3])),
    (calls, lambda: calls(" abc ")),
    (matching, lambda: matching([1, 2])),
    (matching, lambda: matching(5)),
    (gen, lambda: list(gen(2))),
    (inner, lambda: list(inner(3))),
    (coro, lambda: run_coro(coro(1))),
]


def cpython_code(func):
    """func's code as CPython's own compiler makes it (compile() is
    CPython's under fivefold too), found among this file's code objects."""
    with open(__file__) as f:
        todo = [compile(f.read(), __file__, "exec")]
    while todo:
        code = todo.pop()
        if code.co_name == func.__name__ and code.co_firstlineno == func.__code__.co_firstlineno:
            return code
        todo.extend(c for c in code.co_consts if hasattr(c, "co_code"))
    raise LookupError(func.__name__)


SIMPLE_PUSHES = {"LOAD_FAST", "LOAD_CONST", "LOAD_DEREF", "RETURN_GENERATOR"}


def resumable_lines(func):
    """The lines a suspended generator can jump to without CPython 3.11
    running a cache unit or a stack of the wrong depth on resumption (it
    resumes after the target instruction): lines whose every line start is a
    one-unit push (or RETURN_GENERATOR, whose POP_TOP drops the value sent)."""
    starts = {}
    for ins in dis.get_instructions(cpython_code(func)):
        if ins.starts_line is not None:
            starts.setdefault(ins.starts_line, []).append(ins.opname)
    return {line for line, names in starts.items() if all(n in SIMPLE_PUSHES for n in names)}


def attempt(func, call, event_no, target):
    """Run call() tracing func's frames; at its event_no-th 'line' or 'return'
    event set f_lineno to target. Returns a line of text: what happened."""
    code = func.__code__
    first = code.co_firstlineno
    state = {"n": 0, "outcome": "no such event", "after": [], "count": 0, "event": None}

    def tracer(frame, event, arg):
        if frame.f_code is not code:
            return tracer
        state["count"] += 1
        if state["count"] > 400:
            raise Stop
        if state["event"] is not None:
            state["after"].append("%s%d" % (event[0], frame.f_lineno - first))
        if event in ("line", "return"):
            state["n"] += 1
            if state["n"] == event_no:
                state["event"] = event
                if target not in state["allowed"][event]:
                    state["outcome"] = "skipped"
                    return tracer
                try:
                    frame.f_lineno = target
                    state["outcome"] = "jumped %s" % event
                except ValueError as e:
                    state["outcome"] = "ValueError %s: %s" % (event, e)
        return tracer

    state["allowed"] = ALLOWED[func]
    sys.settrace(tracer)
    try:
        result = repr(call())
    except Stop:
        result = "stopped"
    except Exception as e:
        result = "%s: %s" % (type(e).__name__, e)
    finally:
        sys.settrace(None)
    return "%s | %s | %s" % (state["outcome"], " ".join(state["after"][:60]), result)


ALLOWED = {}   # func -> {event: the targets tried from it}
GENERATOR_FLAGS = 0x20 | 0x80 | 0x200


def main(every_target):
    for func, call in CASES:
        code = func.__code__
        first = code.co_firstlineno
        last = max(line for _, _, line in code.co_lines() if line is not None)
        targets = range(first - 1, last + 2)
        if every_target:
            ALLOWED[func] = {"line": set(targets), "return": set(targets)}
        else:
            # CPython 3.11 crashes on a line event's jump to a generator's
            # first line (RETURN_GENERATOR runs again) and on most jumps
            # after a yield: those only under fivefold, which refuses them.
            line_targets = set(targets)
            if code.co_flags & GENERATOR_FLAGS:
                line_targets.discard(first)
            # After a yield, the `def` line's RETURN_GENERATOR resumes at its
            # POP_TOP, right only from a stack of one value (a yield outside
            # any loop or with): jumps.py tries that one.
            ALLOWED[func] = {"line": line_targets,
                             "return": (resumable_lines(func) - {first}) | {first - 1, last + 1}}
        # How many line/return events a plain traced run has.
        count = {"n": 0}

        def counter(frame, event, arg):
            if frame.f_code is code and event in ("line", "return"):
                count["n"] += 1
            return counter

        sys.settrace(counter)
        try:
            call()
        except Exception:
            pass
        finally:
            sys.settrace(None)
        print("==", func.__name__, count["n"], "events")
        for event_no in range(1, count["n"] + 1):
            for target in targets:
                print(func.__name__, event_no, target - first, attempt(func, call, event_no, target))


# --every-target: also the jumps after a yield that CPython 3.11 mishandles
# (fivefold refuses them; CPython may crash), for a run under fivefold alone.
warnings.simplefilter("ignore")   # coroutines a jump left unawaited
main("--every-target" in sys.argv)
