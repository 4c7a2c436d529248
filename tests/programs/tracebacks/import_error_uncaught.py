# fivefold: exit=1
print("about to import")
from collections import NoSuchThing
