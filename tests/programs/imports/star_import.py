from _helper_module import *
print(VALUE, greet("star"))
print("_private" in dir())
from _star_with_all import *
print(exported, also)
try:
    not_listed
except NameError as e:
    print("NameError:", e)
