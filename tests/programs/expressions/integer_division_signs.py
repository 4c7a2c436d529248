for a in (7, -7):
    for b in (2, -2):
        print(f"{a:>3} // {b:>2} = {a // b:>3}   {a:>3} % {b:>2} = {a % b:>3}   divmod = {divmod(a, b)}")
for a in (7.5, -7.5):
    for b in (2, -2.0):
        print(a, b, a // b, a % b, divmod(a, b))
print(-0.0 % 5, 0 % -5, (-1) ** 0.5 if False else "skip", 10 ** -2, (-2) ** -2)
