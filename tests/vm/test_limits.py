"""Recursion, the C stack guard, signals, threads and reference counts."""

import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest
from ff_translate import on_fivefold, run_source

HERE = os.path.dirname(os.path.abspath(__file__))


def _run(script: str, timeout=120) -> subprocess.CompletedProcess:
    code = f"import sys; sys.path.insert(0, {HERE!r})\n" + textwrap.dedent(script)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)


def test_recursion_error_at_the_recursion_limit():
    ns = run_source("def down(n):\n    return down(n + 1)\n")
    with pytest.raises(RecursionError, match="maximum recursion depth exceeded"):
        ns["down"](0)
    # and the interpreter is fine afterwards
    assert run_source("x = sum(range(10))")["x"] == 45


def test_c_stack_guard_with_a_huge_recursion_limit():
    # Without the guard this overflows the C stack and the process dies (SIGSEGV).
    proc = _run("""
        from ff_translate import run_source
        sys.setrecursionlimit(10**6)
        ns = run_source("def down(n):\\n    return down(n + 1)\\n")
        try:
            ns["down"](0)
        except RecursionError as e:
            print("RecursionError:", e)
        # mixed CPython/fivefold recursion through a C function (map, list)
        ns = run_source("def mixed(n):\\n    return list(map(mixed, [n + 1]))\\n")
        try:
            ns["mixed"](0)
        except RecursionError as e:
            print("RecursionError:", e)
        print("alive")
    """)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.count("RecursionError: maximum recursion depth exceeded") == 2
    assert "alive" in proc.stdout


def _spin_until(deadline):
    # A long loop that ends on its own after the deadline, so a test whose
    # signal never arrives fails instead of hanging.
    import time
    n = 0
    while time.monotonic() < deadline:
        n += 1
    return n


def test_keyboard_interrupt_in_a_long_loop():
    import time
    # pytest-xdist workers may run with SIGINT ignored: use Python's default handler.
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            on_fivefold(_spin_until)(time.monotonic() + 60)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)


def test_signal_handler_runs_inside_a_loop():
    hits = []

    def handler(signum, frame):
        hits.append(frame.f_code.co_name)
        raise TimeoutError("stop")

    def spin(deadline):
        import time
        while time.monotonic() < deadline:
            pass

    import time
    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.1)
    try:
        with pytest.raises(TimeoutError):
            on_fivefold(spin)(time.monotonic() + 60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert hits == ["spin"]


def test_threads_share_the_gil():
    def work(n, out):
        total = 0
        for i in range(n):
            total += i
        out.append(total)

    fast = on_fivefold(work)
    out = []
    threads = [threading.Thread(target=fast, args=(200_000, out)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert out == [sum(range(200_000))] * 3


def test_async_exception_reaches_a_fivefold_loop():
    import ctypes

    def spin(flag):
        import time
        flag.append(1)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            pass

    flag = []
    caught = []

    def target():
        try:
            on_fivefold(spin)(flag)
        except ZeroDivisionError:
            caught.append(True)

    t = threading.Thread(target=target)
    t.start()
    while not flag:
        pass
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(t.ident), ctypes.py_object(ZeroDivisionError))
    t.join(30)
    assert caught == [True]


def test_reference_counts_stay_flat():
    sentinel = object()

    def uses(obj, n):
        items = [obj] * 3
        d = {"k": obj}
        try:
            raise KeyError(obj)
        except KeyError as e:
            got = e.args[0]
        g = (x for x in items)
        first = next(g)
        return got is obj and first is obj and d["k"] is obj and n

    fast = on_fivefold(uses)
    for _ in range(10):
        fast(sentinel, 1)   # warm up caches, interned objects
    before = sys.getrefcount(sentinel), sys.getrefcount(fast.__code__), sys.getrefcount(uses.__globals__)
    for i in range(2000):
        assert fast(sentinel, i) == i
    after = sys.getrefcount(sentinel), sys.getrefcount(fast.__code__), sys.getrefcount(uses.__globals__)
    assert after == before


def test_error_paths_do_not_leak():
    sentinel = object()

    def failing(obj):
        a = [obj, obj]
        return a[5]

    fast = on_fivefold(failing)
    before = sys.getrefcount(sentinel)
    for _ in range(1000):
        try:
            fast(sentinel)
        except IndexError:
            pass
    assert sys.getrefcount(sentinel) == before
