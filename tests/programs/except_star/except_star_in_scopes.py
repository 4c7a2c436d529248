import asyncio


def gen(groups):
    for excs in groups:
        try:
            raise ExceptionGroup("g", excs)
        except* ValueError as g:
            yield ("value", len(g.exceptions))
        except* TypeError:
            yield "type"


def loop_with_finally():
    out = []
    for i in range(3):
        try:
            try:
                if i == 1:
                    raise ExceptionGroup("loop", [KeyError(i)])
                out.append(i)
            except* KeyError as g:
                out.append(("key", g.exceptions[0].args[0]))
            finally:
                out.append(("finally", i))
        except Exception as e:
            out.append(repr(e))
    return out


def finally_return():
    try:
        raise ExceptionGroup("swallowed by return in finally", [OSError()])
    except* ValueError:
        pass
    finally:
        return "finally returned"


async def failing(n):
    await asyncio.sleep(0)
    if n % 2:
        raise ValueError(n)
    raise KeyError(n)


async def main():
    try:
        async with asyncio.TaskGroup() as tg:
            for n in range(4):
                tg.create_task(failing(n))
    except* ValueError as g:
        print("ValueErrors:", sorted(e.args[0] for e in g.exceptions))
    except* KeyError as g:
        print("KeyErrors:", sorted(e.args[0] for e in g.exceptions))


print(list(gen([[ValueError(), ValueError()], [TypeError()], [ValueError(), TypeError()]])))
print(loop_with_finally())
print(finally_return())
asyncio.run(main())


def nested():
    try:
        try:
            raise ExceptionGroup("outer", [ValueError("a"), TypeError("b")])
        except* ValueError:
            try:
                raise ExceptionGroup("inner", [KeyError("c")])
            except* KeyError as inner:
                print("inner handled", inner.exceptions)
            raise
    except* TypeError as t:
        print("outer TypeError", t.exceptions)
    except* ValueError as v:
        print("outer ValueError", v.exceptions)


nested()
