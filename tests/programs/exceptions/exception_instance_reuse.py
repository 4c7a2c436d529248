err = ValueError("shared")
def thrower():
    raise err
for i in range(3):
    try:
        thrower()
    except ValueError as e:
        print(i, e is err, e)
import traceback
depth = len(traceback.extract_tb(err.__traceback__))
print("traceback entries:", depth)
err2 = err.with_traceback(None)
print(err2 is err, err.__traceback__)
