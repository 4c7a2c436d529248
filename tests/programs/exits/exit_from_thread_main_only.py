# fivefold: exit=9
import sys
def finish(code):
    sys.stdout.flush()
    raise SystemExit(code)
print("about to finish")
finish(9)
