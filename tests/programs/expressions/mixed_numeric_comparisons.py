print(1 == 1.0 == True, 2 > 1.5, 10 ** 20 > 1e19, 10 ** 400 > 1e308, 2 ** 53 + 1 == float(2 ** 53 + 1))
print(0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9, float("inf") > 10 ** 1000, -float("inf") < -(10 ** 1000))
from fractions import Fraction
from decimal import Decimal
print(Fraction(1, 2) == 0.5, Fraction(1, 3) < 0.34, Decimal("0.5") == 0.5, Decimal(1) < 2, 1 < Fraction(3, 2) < 2)
print(sorted([3, 1.5, True, Fraction(5, 4), -2, 0.0]), max(1, 1.0), max(1.0, 1), min(0, False))
print(hash(1) == hash(1.0) == hash(Fraction(1)) == hash(Decimal(1)), {1: "int", 1.0: "float"})
