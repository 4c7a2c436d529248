# A numerical loop whose accumulator changes type: int -> float -> complex -> Fraction -> Decimal.
from fractions import Fraction
from decimal import Decimal

def accumulate(values):
    acc = 0
    for v in values:
        acc = acc + v
        acc = acc * 1
        if acc > 10 if not isinstance(acc, complex) else acc.real > 10:
            acc = acc - 10
    return acc

print(accumulate(range(10)))
print(accumulate([1, 2, 0.5, 3]))
print(accumulate([1, 2j, 3]))
print(accumulate([Fraction(1, 3), 2, Fraction(5, 7)]))
print(accumulate([Decimal("1.1"), 2, Decimal("9.9")]))
print(accumulate([True, True, 2**80]))
