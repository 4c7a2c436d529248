# fivefold: exit=-2
print("raising KeyboardInterrupt")
raise KeyboardInterrupt
