# fivefold: exit=1
import sys
class Reason:
    def __str__(self):
        return "custom reason object"
print("exiting with an object")
sys.exit(Reason())
