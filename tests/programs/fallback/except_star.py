def risky():
    raise ExceptionGroup("batch", [ValueError("v1"), TypeError("t1"), ValueError("v2"), KeyError("k")])
try:
    risky()
except* ValueError as eg:
    print("ValueErrors:", [str(e) for e in eg.exceptions])
except* TypeError as eg:
    print("TypeErrors:", [str(e) for e in eg.exceptions])
except* KeyError as eg:
    print("KeyErrors:", [repr(e) for e in eg.exceptions])
try:
    try:
        raise ValueError("naked")
    except* ValueError as eg:
        print("naked wrapped:", repr(eg), type(eg).__name__)
        raise
except ExceptionGroup as outer:
    print("re-raised group:", outer.exceptions)
