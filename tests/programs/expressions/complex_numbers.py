z = 3 + 4j
w = complex(1, -2)
print(z + w, z - w, z * w, z / w, z ** 2, -z, abs(z), z.conjugate(), z.real, z.imag)
print(z == complex(3, 4), 1j * 1j, (1 + 0j) == 1, complex("2-3j"), repr(1e20j), 0j ** 0)
try:
    z < w
except TypeError as e:
    print("TypeError:", e)
try:
    z // 2
except TypeError as e:
    print("TypeError:", e)
import cmath
print(round(cmath.phase(-1), 6), cmath.sqrt(-4), cmath.exp(0))
