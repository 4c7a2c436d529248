# fivefold: exit=1
data = "naïve café"
print(data.encode("utf-8"))
print(data.encode("ascii"))
