class Color:
    def __init__(self, r, g, b):
        for v in (r, g, b):
            if not 0 <= v <= 255:
                raise ValueError(f"component {v} out of range")
        self.rgb = (r, g, b)
    @classmethod
    def from_hex(cls, s):
        s = s.lstrip("#")
        return cls(*(int(s[i:i + 2], 16) for i in (0, 2, 4)))
    @classmethod
    def gray(cls, level):
        return cls(level, level, level)
    def __repr__(self):
        return "Color(#{:02x}{:02x}{:02x})".format(*self.rgb)
    def __eq__(self, other):
        return self.rgb == other.rgb
print(Color.from_hex("#ff8000"), Color.gray(17), Color.from_hex("0a0b0c") == Color(10, 11, 12))
for bad in ("#gg0000", "#12"):
    try:
        Color.from_hex(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    Color.gray(300)
except ValueError as e:
    print("ValueError:", e)
