nonlocal x
x = 1
