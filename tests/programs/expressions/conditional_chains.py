def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n % 2 == 0 and n > 100:
        return "big even"
    elif n % 2 == 0:
        return "even"
    else:
        return "odd"
for n in (-5, 0, 4, 7, 200, 201):
    print(n, classify(n))
x = []
if x:
    print("non-empty")
elif x is not None:
    print("empty but not None")
if not x and (y := len(x)) == 0:
    print("walrus in if", y)
