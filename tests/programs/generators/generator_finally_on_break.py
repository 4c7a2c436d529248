def resource():
    print("open")
    try:
        for i in range(10):
            yield i
    finally:
        print("close")
for x in resource():
    if x == 2:
        print("breaking")
        break
print("after loop")
g = resource()
print(next(g), next(g))
g.close()
print("explicit close done")
