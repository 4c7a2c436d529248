import sys
try:
    sys.exit(7)
except SystemExit as e:
    print("caught SystemExit", e.code, repr(e))
try:
    sys.exit("msg")
except SystemExit as e:
    print("caught", e.code)
try:
    raise SystemExit
except SystemExit as e:
    print("code", e.code)
print("still running")
