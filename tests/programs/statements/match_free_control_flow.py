def grade(score):
    if score >= 90:
        g = "A"
    elif score >= 80:
        g = "B"
    elif score >= 70:
        g = "C"
    else:
        g = "F"
    return g
print([grade(s) for s in (95, 85, 75, 10, 90, 79.99)])
def sign(x):
    return (x > 0) - (x < 0)
print([sign(v) for v in (-5, 0, 3)])
