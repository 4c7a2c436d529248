# fivefold: exit=1
def ping(n):
    if n == 0:
        raise RuntimeError("ping hit zero")
    return pong(n - 1)
def pong(n):
    return ping(n - 1) if n else ping(0)
ping(7)
