import math
for v in (math.pi, -math.e, 1234.5, 0.000123, 1e20, 5.0, 2.5, 3.5, -2.5):
    print(f"{v:.0f}|{v:.3f}|{v:10.2f}|{v:e}|{v:.2E}|{v:g}|{v:.10g}|{v:%}|{v:+.1f}|{v: .2f}")
print(round(2.5), round(3.5), round(0.125, 2), round(0.375, 2), round(1e15 + 0.3, 1))
print("%.3f %10.4e %-8.2g| %G" % (math.pi, 12345.678, 0.00001234, 1e-10))
print(format(1e-7, ".3"), format(123.0, ".3"), format(float("nan"), "10.2f") + "|", format(float("inf"), "+"))
