path = "C:\dir\file"
print(path, len(path))
print("\d+ is a regex escape")
