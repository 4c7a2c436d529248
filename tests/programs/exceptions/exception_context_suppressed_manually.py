def f():
    try:
        1 / 0
    except ZeroDivisionError:
        e = ValueError("replacement")
        e.__suppress_context__ = True
        raise e
try:
    f()
except ValueError as e:
    print(repr(e), repr(e.__context__), e.__suppress_context__)
err = KeyError("manual")
err.__cause__ = IndexError("manual cause")
print(repr(err.__cause__), err.__suppress_context__)
try:
    raise err
except KeyError as e:
    print("raised with preset cause:", repr(e.__cause__))
import traceback
print("".join(traceback.format_exception(err)).count("direct cause"))
