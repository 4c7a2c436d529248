import sys
print("exit(None)")
sys.exit()
