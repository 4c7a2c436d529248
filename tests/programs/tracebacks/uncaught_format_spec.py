# fivefold: exit=1
value = "text"
print(f"{value:>10}")
print(f"{value:.2f}")
