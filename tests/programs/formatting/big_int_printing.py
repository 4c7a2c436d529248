n = 3 ** 300
print(n)
print(-n, str(n)[:20], len(str(n)))
print(f"{n:,}"[:40], f"{n:e}", f"{2 ** 64:x}", f"{2 ** 64:o}", f"{-(2 ** 70):b}")
print(10 ** 50 // 7, 10 ** 50 % 7, divmod(10 ** 40, 3 ** 20))
print(int("9" * 100) + 1 == 10 ** 100, (10 ** 30).to_bytes(13, "big"), int.from_bytes(b"\xff" * 9, "little"))
print(repr(2 ** 100), float(2 ** 100), 2 ** 100 / 3, hash(2 ** 100) == hash(2 ** 100))
