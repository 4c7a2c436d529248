print(int("42"), int("-0x1f", 16), int("0b101", 0), int("z", 36), int(" 7 "))
print(float("1e3"), float("-inf"), float("nan") != float("nan"), float(" 2.5 "))
print(complex(1, 2) * complex(0, 1), abs(3 + 4j), (1 + 2j).conjugate())
print(bool(0), bool(0.0), bool(""), bool("0"), bool([]), bool([0]))
print(str(12), repr("x'y"), repr('x"y'), ascii("ü"), str(b"ab"))
print(round(7 / 3, 3), int(True), float(False), hex(-255), bin(0))
import fractions
print(fractions.Fraction(3, 4) + fractions.Fraction(1, 4), fractions.Fraction("0.125"))
