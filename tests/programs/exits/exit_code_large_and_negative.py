# fivefold: exit=255
import sys
print("exit(-1) is 255 to the shell")
sys.exit(-1)
