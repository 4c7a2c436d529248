b = b"hello"
print(b, b[0], b[1:3], b + b"!", b * 2, b.upper(), list(b[:2]))
ba = bytearray(b)
ba[0] = 74
ba.extend(b" world")
print(ba, bytes(ba), len(ba), ba.decode())
print(b"a,b".split(b","), b"x".hex(), bytes.fromhex("6869"), bytes(3), bytes([65, 66]))
print("é".encode(), "é".encode("latin-1"), b"\xc3\xa9".decode())
print(b"%d-%s" % (5, b"x"), memoryview(b"abc")[1], b"abc" < b"abd")
