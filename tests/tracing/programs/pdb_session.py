"""A pdb session driven through stdin (test_tracing.PDB_INPUT): breakpoint()
stops, n, s, p, b, c, w, q print what CPython prints."""
def add(a, b):
    c = a + b
    return c
def main():
    x = 1
    breakpoint()
    y = add(x, 2)
    z = y * 3
    print('z', z)
    return z
main()
print('end')
