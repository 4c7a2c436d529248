s = "unterminated
print(s)
