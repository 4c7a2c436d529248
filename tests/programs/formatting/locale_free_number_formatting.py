vals = [0, 1, -1, 999, 1000, 1234567.891, -0.000123, 2 ** 40]
for v in vals:
    print(f"{v:>15,}" if isinstance(v, int) else f"{v:>15,.3f}", f"{v:>12_}" if isinstance(v, int) else "")
print(f"{1234.5:010.2f}", f"{-3:05d}", f"{3:+05d}", f"{0.5:08.3%}", f"{12:#06x}", f"{12:#b}")
