def t(name, value):
    print("eval", name)
    return value
print(t("a", 0) and t("b", 1))
print(t("a", 1) and t("b", 2))
print(t("a", 0) or t("b", 0) or t("c", "x"))
print(t("a", []) or t("b", {}))
print(not 0, not [1], not "", not None)
print(1 and 2 or 3, 0 and 2 or 3, None or 0 and 1)
r = [x for x in range(6) if x % 2 and x > 1 or x == 0]
print(r)
