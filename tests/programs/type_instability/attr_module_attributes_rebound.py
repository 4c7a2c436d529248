# Module attributes read through `mod.name` are rebound and deleted after the read is hot.
import types
mod = types.ModuleType("settings")
mod.level = 1
mod.name = "first"

def read():
    return mod.level, mod.name

print([read() for _ in range(3)])
mod.level = 2
print(read())
mod.extra = "new key"
print(read())
del mod.name
try:
    read()
except AttributeError as e:
    print("AttributeError:", e)
mod.name = "back"
print(read())
mod.__dict__.clear()
try:
    read()
except AttributeError as e:
    print("AttributeError:", e)
