# fivefold: exit=1
def numbers():
    yield 1
    yield 2
    raise ValueError("generator broke")
def consume():
    for n in numbers():
        print("got", n)
consume()
