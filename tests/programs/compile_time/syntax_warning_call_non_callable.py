def pairs():
    try:
        return [(1, 2) (3, 4)]
    except TypeError as e:
        return f"TypeError: {e}"
print(pairs())
