# fivefold: exit=3
import sys
print("exiting with 3")
sys.exit(3)
print("unreachable")
