# fivefold: exit=1
def f(x):
	if x:
		return x / 0
f(1)
