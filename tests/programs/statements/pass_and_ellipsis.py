def stub():
    pass
def stub2():
    ...
class Empty:
    pass
if True:
    pass
for _ in range(2):
    pass
print(stub(), stub2(), Empty.__name__, ..., Ellipsis is ..., type(...).__name__)
