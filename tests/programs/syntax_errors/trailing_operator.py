print("ok")
lambda x: (yield)
x = 5 +
