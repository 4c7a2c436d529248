s = "The quick brown fox jumps"
print(s.center(31, "*"), s.ljust(27, ".") + "|", s.rjust(27) + "|")
print(s.casefold(), s.swapcase(), s.capitalize(), s.zfill(30))
print(s.index("quick"), s.rsplit(" ", 2), s.lstrip("Th"), s.rstrip("ps"))
print("tab\tsep".expandtabs(4), "42".isdigit(), "abc".isalpha(), " ".isspace(), "Ab".istitle())
print(" ".join(reversed(s.split())), s.encode("utf-8")[:5], "ß".upper(), "ÅB".lower())
table = str.maketrans("aeiou", "AEIOU", "x")
print("example text".translate(table))
print("a-b_c".replace("-", " ").replace("_", " ").split(), "abc".removeprefix("a"), "abc".removesuffix("c"))
