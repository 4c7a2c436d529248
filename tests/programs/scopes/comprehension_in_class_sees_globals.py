factor = 10
class Table:
    factor = 2
    rows = [factor * i for i in range(3)]
    pairs = [(i, j) for i in range(2) for j in range(2)]
    first = [x for x in [factor]]
print(Table.rows, Table.pairs, Table.first)
