from math import *
print(sqrt(16), pi > 3, floor(2.7))
from string import ascii_lowercase as letters, digits
print(letters[:5], digits)
import os.path
print(os.path.join("a", "b"), os.path.basename("/x/y.txt"))
