import sys
print("exit(0)")
sys.exit(0)
