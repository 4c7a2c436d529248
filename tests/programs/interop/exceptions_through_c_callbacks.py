def explode(x):
    if x == 2:
        raise RuntimeError(f"exploded on {x}")
    return x
for label, fn in [("map", lambda: list(map(explode, range(4)))),
                  ("sorted", lambda: sorted(range(4), key=explode)),
                  ("filter", lambda: list(filter(explode, range(4)))),
                  ("min", lambda: min(range(4), key=explode)),
                  ("dict comp", lambda: {explode(i): i for i in range(4)}),
                  ("any", lambda: any(explode(i) > 5 for i in range(4)))]:
    try:
        fn()
    except RuntimeError as e:
        print(label, "->", e)
