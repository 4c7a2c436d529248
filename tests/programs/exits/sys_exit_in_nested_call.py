# fivefold: exit=4
import sys
def validate(x):
    if x > 2:
        print("invalid", x)
        sys.exit(4)
    return x
def main():
    try:
        for i in range(5):
            validate(i)
            print("valid", i)
    finally:
        print("finally runs on exit")
main()
