# fivefold: exit=1
def get(matrix, r, c):
    return matrix[r][c]
m = [[1, 2], [3, 4]]
print(get(m, 1, 1))
print(get(m, 1, 5))
