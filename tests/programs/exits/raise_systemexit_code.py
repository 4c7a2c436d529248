# fivefold: exit=2
print("raise SystemExit(2)")
raise SystemExit(2)
