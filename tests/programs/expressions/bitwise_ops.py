a, b = 0b1011_0110, 0x5A
print(a & b, a | b, a ^ b, a << 3, a >> 2, ~b)
print(-1 >> 10, -256 >> 4, 1 << 100)
print(bin(a & b), hex(a | b), oct(a ^ b))
print(True & False, True | False, True ^ True)
print({1, 2, 3} & {2, 3, 4}, {1, 2} | {5}, {1, 2, 3} ^ {3, 4}, {1, 2, 3} - {2})
