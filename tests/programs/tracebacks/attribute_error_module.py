# fivefold: exit=1
import math
print(math.floor(2.5))
print(math.flor(2.5))
