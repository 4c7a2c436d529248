# fivefold: exit=1
import sys
print("exiting with a message")
sys.exit("fatal: configuration missing")
