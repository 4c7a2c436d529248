# fivefold: exit=1
print("raise SystemExit with a tuple")
raise SystemExit((1, "a"))
