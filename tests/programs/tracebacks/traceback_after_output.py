# fivefold: exit=1
import sys
for i in range(5):
    print("line", i)
sys.stdout.write("no newline at end")
sys.stderr.write("stderr before traceback\n")
raise SystemError("after output")
