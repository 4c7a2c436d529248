"""Matrix class with operators, Gaussian elimination and error cases."""
from fractions import Fraction
class Matrix:
    def __init__(self, rows):
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ValueError("rows must be non-empty and equally long")
        self.rows = [list(r) for r in rows]
    @property
    def shape(self):
        return len(self.rows), len(self.rows[0])
    @classmethod
    def identity(cls, n):
        return cls([[1 if i == j else 0 for j in range(n)] for i in range(n)])
    def __getitem__(self, ij):
        i, j = ij
        return self.rows[i][j]
    def __add__(self, other):
        if self.shape != other.shape:
            raise ValueError(f"shape mismatch {self.shape} vs {other.shape}")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])
    def __mul__(self, k):
        return Matrix([[a * k for a in r] for r in self.rows])
    __rmul__ = __mul__
    def __matmul__(self, other):
        n, m = self.shape
        m2, p = other.shape
        if m != m2:
            raise ValueError(f"cannot multiply {self.shape} by {other.shape}")
        cols = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])
    def transpose(self):
        return Matrix([list(c) for c in zip(*self.rows)])
    def determinant(self):
        n, m = self.shape
        if n != m:
            raise ValueError("determinant of a non-square matrix")
        a = [[Fraction(x) for x in r] for r in self.rows]
        det = Fraction(1)
        for col in range(n):
            pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
            if pivot is None:
                return Fraction(0)
            if pivot != col:
                a[col], a[pivot] = a[pivot], a[col]
                det = -det
            det *= a[col][col]
            for r in range(col + 1, n):
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
        return det
    def inverse(self):
        n, _ = self.shape
        if self.determinant() == 0:
            raise ZeroDivisionError("matrix is singular")
        a = [[Fraction(x) for x in r] + [Fraction(int(i == j)) for j in range(n)] for i, r in enumerate(self.rows)]
        for col in range(n):
            pivot = next(r for r in range(col, n) if a[r][col] != 0)
            a[col], a[pivot] = a[pivot], a[col]
            pv = a[col][col]
            a[col] = [x / pv for x in a[col]]
            for r in range(n):
                if r != col:
                    f = a[r][col]
                    a[r] = [x - f * y for x, y in zip(a[r], a[col])]
        return Matrix([r[n:] for r in a])
    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows
    def __repr__(self):
        width = max(len(str(x)) for r in self.rows for x in r)
        return "\n".join("[" + " ".join(f"{str(x):>{width}}" for x in r) + "]" for r in self.rows)
A = Matrix([[2, 1, 1], [1, 3, 2], [1, 0, 0]])
B = Matrix([[1, 2], [3, 4], [5, 6]])
print(A @ B, "", A.transpose(), "", 2 * A + A, sep="\n")
print("det", A.determinant(), "det I", Matrix.identity(4).determinant())
inv = A.inverse()
print(inv)
print("A @ inv == I:", A @ inv == Matrix.identity(3))
for bad in (lambda: A + B, lambda: B @ B, lambda: B.determinant(), lambda: Matrix([[1, 2], [2, 4]]).inverse(), lambda: Matrix([[1], [1, 2]])):
    try:
        bad()
    except (ValueError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
