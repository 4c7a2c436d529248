s = "Grüße, 世界! Ελληνικά — emoji 🐍🎉"
print(s)
print(len(s), s.upper(), s.lower(), s[::-1])
print(repr(s), ascii(s))
print([c for c in "añ€𝄞"], [hex(ord(c)) for c in "añ€𝄞"], "\N{GREEK SMALL LETTER ALPHA}", "\u00e9", "\U0001F600")
print("é" == "e\u0301", len("e\u0301"), "ﬃ".upper(), "İ".lower(), len("İ".lower()))
import unicodedata
print(unicodedata.name("€"), unicodedata.normalize("NFC", "e\u0301") == "é", unicodedata.category("A"))
print(f"{'日本':>6}|{'日本':*<6}|", "tab\there", "nul\x00byte".replace("\x00", "?"))
