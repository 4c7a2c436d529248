"""Generators made by fivefold code are CPython generators: send, throw,
close, yield from delegation, frames and error conversions."""

import inspect
import types

import pytest
from ff_translate import on_fivefold


def counter(n):
    got = []
    try:
        for i in range(n):
            sent = yield i
            if sent is not None:
                got.append(sent)
    except KeyError as e:
        yield f"caught {e!r}"
    finally:
        got.append("finally")
        counter.log = got
    return "done"


def delegator(n):
    result = yield from counter(n)
    yield f"result {result}"


def test_generator_basics():
    gen = on_fivefold(counter)(3)
    assert isinstance(gen, types.GeneratorType)
    assert inspect.getgeneratorstate(gen) == "GEN_CREATED"
    assert gen.__name__ == "counter" and gen.__qualname__ == "counter"
    assert next(gen) == 0
    assert inspect.getgeneratorstate(gen) == "GEN_SUSPENDED"
    assert gen.gi_frame.f_locals["i"] == 0
    assert gen.send("a") == 1
    assert gen.send("b") == 2
    with pytest.raises(StopIteration) as info:
        next(gen)
    assert info.value.value == "done"
    assert counter.log == ["a", "b", "finally"]
    assert inspect.getgeneratorstate(gen) == "GEN_CLOSED"


def test_throw_and_close():
    gen = on_fivefold(counter)(5)
    next(gen)
    assert gen.throw(KeyError("k")) == "caught KeyError('k')"
    gen.close()
    assert counter.log == ["finally"]
    gen = on_fivefold(counter)(5)
    next(gen)
    with pytest.raises(ValueError, match="boom"):
        gen.throw(ValueError("boom"))
    assert inspect.getgeneratorstate(gen) == "GEN_CLOSED"


def test_yield_from_delegates_send_throw_close():
    gen = on_fivefold(delegator)(3)
    assert next(gen) == 0
    assert gen.send("x") == 1
    # throw() reaches the inner generator through the shadow's SEND/RESUME.
    assert gen.throw(KeyError("inner")) == "caught KeyError('inner')"
    assert next(gen) == "result done"
    assert counter.log == ["x", "finally"]
    gen = on_fivefold(delegator)(3)
    next(gen)
    gen.close()
    assert counter.log == ["finally"]
    assert list(on_fivefold(delegator)(2)) == [0, 1, "result done"]


def test_yield_from_any_iterable_and_gi_yieldfrom():
    def outer():
        yield from [1, 2]
        yield from inner()

    def inner():
        yield 3

    gen = on_fivefold(outer)()
    assert next(gen) == 1
    assert gen.gi_yieldfrom is not None
    assert list(gen) == [2, 3]


def test_generator_expression_and_comprehension_scopes():
    def f(xs):
        g = (x * 2 for x in xs if x)
        return list(g), [y for y in range(3)], {k: k for k in "ab"}

    assert on_fivefold(f)([0, 1, 2]) == f([0, 1, 2])


def test_stop_iteration_inside_generator_becomes_runtime_error():
    def bad():
        yield 1
        raise StopIteration("no")

    gen = on_fivefold(bad)()
    next(gen)
    with pytest.raises(RuntimeError, match="generator raised StopIteration"):
        next(gen)


def test_generator_running_itself_is_an_error():
    def selfish():
        yield next(me)

    me = on_fivefold(selfish)()
    with pytest.raises(ValueError, match="generator already executing"):
        next(me)


def test_many_generators_do_not_leak_code_or_frames():
    import sys
    make = on_fivefold(counter)
    code = make.__code__
    before = sys.getrefcount(code)
    for _ in range(1000):
        list(make(3))
        g = make(3)
        next(g)
        del g
    assert sys.getrefcount(code) == before


def test_gc_while_a_generator_runs():
    # The collector traverses running generators; their stale stack slots must
    # not be visible to it (stacktop is -1 while fivefold runs a frame).
    import gc

    def churn():
        for i in range(50):
            sent = yield [str(i)] * 3
            values = [object() for _ in range(5)]
            gc.collect()
            yield len(values) + (sent or 0), [gc.collect() for _ in range(2)] and i

    gen = on_fivefold(churn)()
    out = [x for x in gen]
    assert len(out) == 100
