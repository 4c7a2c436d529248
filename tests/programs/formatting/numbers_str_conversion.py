for v in (0, -0, 7, -7, 10 ** 20, 0.5, -1.25, 1e-20, 3.0, 1 / 7):
    print(str(v), repr(v), format(v), f"{v!s:>25}|")
print(str(True), str(None), int("  -12  "), float("1_000.5"), int("1_000"), complex("1+2j"))
print(str(1.0e16), str(1.0e15), str(123e-7), str(0.00001), 1e16 == 10 ** 16)
