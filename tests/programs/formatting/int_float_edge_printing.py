import sys
print(sys.maxsize, -sys.maxsize - 1, sys.float_info.max, sys.float_info.min, sys.float_info.epsilon)
print(2 ** 63, 2 ** 63 - 1, -(2 ** 63), 2 ** 64 + 1, 1 << 62, (1 << 62) * 4)
print(float(2 ** 53), float(2 ** 53 + 1), 2 ** 53 + 1.0, int(1e18), int(-1e18), int(2.5e20))
print(0.1 * 3, 0.3, 1 - 0.9, 1e-310, 3e-324, 1e308 * 10)
