name = "a"
print(f"{name!x}")
