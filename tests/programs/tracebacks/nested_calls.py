# fivefold: exit=1
def level3(d):
    return d["missing"]
def level2(d):
    return level3(d) + 1
def level1():
    data = {"present": 1}
    return level2(data)
print("start")
level1()
