class CM:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, t, v, tb):
        print("exit", t)
def returns():
    with CM():
        return "returned"
print(returns())
for i in range(3):
    with CM():
        if i == 1:
            print("break")
            break
        print("continue", i)
        continue
def gen():
    with CM():
        yield 1
        yield 2
print(list(gen()))
