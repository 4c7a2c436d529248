NONE, FIVE = None, 5
cases = [
    ("ZeroDivisionError int", lambda: 1 // 0),
    ("ZeroDivisionError float", lambda: 1.0 / 0),
    ("ZeroDivisionError mod", lambda: 5 % 0),
    ("IndexError list", lambda: [1][5]),
    ("IndexError tuple", lambda: ()[0]),
    ("IndexError str", lambda: "ab"[9]),
    ("KeyError", lambda: {}["missing"]),
    ("KeyError tuple", lambda: {}[(1, 2)]),
    ("TypeError add", lambda: 1 + "a"),
    ("TypeError call", lambda: NONE()),
    ("TypeError subscript", lambda: FIVE[0]),
    ("TypeError unhashable", lambda: {[]: 1}),
    ("TypeError iterate", lambda: [x for x in 5]),
    ("ValueError int", lambda: int("12a")),
    ("ValueError unpack", lambda: [a for a, b in [(1, 2, 3)]]),
    ("AttributeError", lambda: (1).foo),
    ("AttributeError None", lambda: None.upper()),
    ("NameError", lambda: undefined_name),
    ("OverflowError", lambda: 10.0 ** 400),
    ("RecursionError-free StopIteration", lambda: next(iter([]))),
    ("UnicodeDecodeError", lambda: b"\xff".decode("utf-8")),
    ("UnicodeEncodeError", lambda: "é".encode("ascii")),
    ("LookupError codec", lambda: "x".encode("nope")),
    ("AssertionError", lambda: exec("assert 1 == 2, 'msg'")),
    ("ValueError list.remove", lambda: [1].remove(2)),
    ("ValueError index", lambda: "abc".index("z")),
    ("TypeError sort", lambda: sorted([1, "a"])),
    ("ArithmeticError math", lambda: __import__("math").sqrt(-1)),
]
for label, fn in cases:
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(f"{label}: {type(e).__name__}: {e} | args={e.args!r}")
