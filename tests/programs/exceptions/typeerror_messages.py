NONE, HALF = None, 1.5
ops = [
    lambda: 1 + "a", lambda: "a" + 1, lambda: [1] + (2,), lambda: 1 < "a", lambda: {} < {},
    lambda: -"x", lambda: ~1.5, lambda: "a" * "b", lambda: len(5), lambda: iter(5),
    lambda: hash([]), lambda: int([]), lambda: float({}), lambda: abs("x"), lambda: sum(["a"]),
    lambda: "x"[HALF], lambda: [1][NONE], lambda: {}.get(), lambda: (1, 2)[0:1:0],
    lambda: object().x, lambda: None + None, lambda: 2 ** "x", lambda: divmod(1, "a"),
    lambda: "{:d}".format("s"), lambda: "%d" % "s", lambda: list.append(1, 2),
]
for op in ops:
    try:
        op()
    except (TypeError, ValueError, AttributeError) as e:
        print(type(e).__name__ + ":", e)
