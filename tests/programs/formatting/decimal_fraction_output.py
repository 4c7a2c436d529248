from decimal import Decimal, getcontext
from fractions import Fraction
print(Decimal("0.1") + Decimal("0.2"), Decimal(1) / Decimal(7), Decimal("1.10") * 3)
getcontext().prec = 50
print(Decimal(2).sqrt(), Decimal(1) / Decimal(3))
print(Fraction(1, 3) + Fraction(1, 6), Fraction(0.75), Fraction(22, 7).limit_denominator(5), float(Fraction(1, 8)))
print(repr(Decimal("3.14")), repr(Fraction(3, 4)), f"{Decimal('2.5'):.3f}", round(Decimal("2.675"), 2))
