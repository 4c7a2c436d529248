names = ["ZeroDivisionError", "KeyError", "IndexError", "FileNotFoundError", "UnicodeDecodeError",
         "RecursionError", "StopIteration", "KeyboardInterrupt", "SystemExit", "NotImplementedError",
         "ModuleNotFoundError", "UnboundLocalError", "TimeoutError", "BrokenPipeError"]
import builtins
for n in names:
    cls = getattr(builtins, n)
    print(n, "->", " > ".join(c.__name__ for c in cls.__mro__[1:]))
print(issubclass(KeyError, LookupError), issubclass(SystemExit, Exception), issubclass(OSError, Exception))
