results = []
for x in [1, 0, "a", None, 5, [2]]:
    try:
        results.append(10 // x)
    except ZeroDivisionError:
        results.append("div0")
        continue
    except TypeError as e:
        results.append(type(e).__name__)
        if x is None:
            break
    else:
        results.append("ok")
    finally:
        results.append("|")
print(results)
i = 0
while True:
    try:
        i += 1
        if i == 3:
            raise StopIteration
    except StopIteration:
        print("stopped at", i)
        break
