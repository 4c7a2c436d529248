# fivefold: exit=1
matrix = [[1, 2], [3, 0]]
inverse = [[1 / x for x in row] for row in matrix]
