# fivefold: exit=1
lines = ["10", "20", "3O", "40"]
total = 0
for number, line in enumerate(lines, 1):
    total += int(line)
    print("line", number, "total", total)
