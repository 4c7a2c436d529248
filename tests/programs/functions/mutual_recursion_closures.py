def make_parity():
    def even(n):
        return n == 0 or odd(n - 1)
    def odd(n):
        return n != 0 and even(n - 1)
    return even, odd
even, odd = make_parity()
print([even(i) for i in range(6)], [odd(i) for i in range(6)])
