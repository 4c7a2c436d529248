import sys
errs = [ValueError(), ValueError(""), ValueError("one"), ValueError("two", 2), KeyError("k"),
        KeyError(), KeyError("a", "b"), OSError(1, "x"), SyntaxError("bad", ("f.py", 1, 2, "x y")),
        UnicodeError("u"), StopIteration(7), ExceptionGroup("g", [KeyError(1)])]
for e in errs:
    print(f"{type(e).__name__:<20} str={str(e)!r:<28} repr={e!r}")
print(ValueError("x") == ValueError("x"))
sys.stdout.write(f"{ZeroDivisionError('division by zero')}\n")
