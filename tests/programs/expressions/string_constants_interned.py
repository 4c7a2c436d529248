# String constants made of name characters are interned, as CPython's code objects
# intern them (also inside constant tuples and frozensets); others are not.
import sys


def joined(*parts):
    return "".join(parts)


name_like = "ROUND_UP"
print("module constant", name_like is sys.intern(joined("ROUND_", "UP")))
spaced = "hello world"
print("with a space", spaced is sys.intern(joined("hello ", "world")))


def from_function():
    return "some_constant_1"


print("function constant", from_function() is sys.intern(joined("some_", "constant_1")))
pair = ("in_a_tuple", ("nested_deeper", 2))
print("tuple", pair[0] is sys.intern(joined("in_a_", "tuple")))
print("nested tuple", pair[1][0] is sys.intern(joined("nested_", "deeper")))


def member(x):
    return x in {"alpha_1", "beta_2", "gamma_3"}


print("frozenset", member(joined("beta", "_2")))
non_ascii = "héllo"
print("non-ASCII", non_ascii is sys.intern(joined("hé", "llo")))
d = {"key_one": 1}
print("dict key", next(iter(d)) is sys.intern(joined("key_", "one")))
