# fivefold: exit=1
print("before class")
class Config:
    name = "cfg"
    size = len(name) * undefined_factor
