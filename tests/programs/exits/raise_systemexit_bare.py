# fivefold: exit=0
print("bare raise SystemExit")
raise SystemExit
