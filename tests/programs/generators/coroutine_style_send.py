def printer():
    try:
        while True:
            line = yield
            print(">>", line)
    finally:
        print("printer closed")
def grep(pattern, target):
    next(target)
    try:
        while True:
            line = yield
            if pattern in line:
                target.send(line)
    finally:
        target.close()
p = grep("py", printer())
next(p)
for line in ["python rocks", "java", "pypy", "c"]:
    p.send(line)
p.close()
