# fivefold: exit=1
import math
print(math.exp(10))
print(math.exp(1000))
