"""cProfile and profile see fivefold functions with CPython's call counts."""
import cProfile
import profile
import pstats

from _record import check_engine


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def work():
    s = 0
    for i in range(50):
        s += len(str(i))
    return fib(12) + s + sum([1, 2]) + max(gen())


def gen():
    yield 1
    yield 2


check_engine(fib)
for prof in (cProfile.Profile(), profile.Profile()):
    if isinstance(prof, cProfile.Profile):
        prof.enable()
        work()
        prof.disable()
    else:
        prof.runcall(work)
    st = pstats.Stats(prof)
    rows = []
    for (fn, line, name), (cc, nc, tt, ct, callers) in st.stats.items():
        if fn.endswith("profiling.py") or fn == "~":
            rows.append((fn.rsplit("/", 1)[-1], line, name, cc, nc))
    print("---", type(prof).__module__)
    for r in sorted(rows):
        print(r)
