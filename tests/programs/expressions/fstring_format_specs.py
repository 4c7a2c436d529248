import decimal
v = 1234567.891
print(f"{v:,.2f}|{v:e}|{v:.3g}|{v:15.1f}|{v:<15.1f}|{v:*^20.3f}")
print(f"{0.25:%}|{0.25:.0%}|{1e-7:g}|{1e16:g}|{-0.0:f}")
w, p = 12, 3
print(f"{v:{w}.{p}f}|")
print(f"{'left':<10}|{'right':>10}|{'mid':^10}|")
print(f"{255:x} {255:X} {255:#010b} {65:c}")
print(format(3.5, "08.3f"), format(-42, "_>8"), format("abc", ".2"))
print(f"{decimal.Decimal('1.10'):.3f}")
print(f"{True!s:>6}|{None!r}|{[1, 2]}|{(1,)}")
