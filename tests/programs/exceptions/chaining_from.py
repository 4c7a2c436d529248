class ConfigError(Exception):
    pass
def load(s):
    try:
        return int(s)
    except ValueError as e:
        raise ConfigError(f"bad value {s!r}") from e
try:
    load("x")
except ConfigError as e:
    print(e, "| cause:", repr(e.__cause__), "| context:", repr(e.__context__), e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("hidden") from None
except RuntimeError as e:
    print(e, e.__cause__, repr(e.__context__), e.__suppress_context__)
try:
    raise KeyError("k") from ValueError("v")
except KeyError as e:
    print(repr(e), repr(e.__cause__))
try:
    raise IndexError from TypeError
except IndexError as e:
    print(repr(e), repr(e.__cause__))
