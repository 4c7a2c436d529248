class P:
    def __repr__(self):
        return "P(repr)"
    def __str__(self):
        return "P(str)"
p = P()
s = "héllo"
print(f"{p} {p!r} {p!s} {s!a} {s!r}")
x = 42
print(f"{x=}", f"{x = }", f"{x*2=}", f"{s=!s}")
print(f"{{braces}} {x}{x}")
print(f"{'nested ' + f'{x:>5}'}")
print(f"{3.14159:.2f} {x:08b} {x:#x} {x:o} {-x:+d} {x:^9}|")
