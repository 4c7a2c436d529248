def search(rows, target):
    for r, row in enumerate(rows):
        try:
            c = row.index(target)
        except ValueError:
            print("row", r, "miss")
            continue
        else:
            print("row", r, "hit at", c)
            return r, c
        finally:
            print("row", r, "checked")
    return None
print(search([[1, 2], [3, 4], [5, 6]], 4))
print(search([[1]], 9))
