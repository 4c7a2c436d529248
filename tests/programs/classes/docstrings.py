"""Module docstring."""
class Documented:
    """Class docstring
    over two lines."""
    def method(self):
        "Method docstring."
    def nodoc(self):
        x = "not a docstring"
        return x
def f():
    """Function docstring."""
    return 1
print(__doc__)
print(Documented.__doc__)
print(Documented.method.__doc__, Documented.nodoc.__doc__, f.__doc__)
class Empty:
    pass
print(Empty.__doc__)
lam = lambda: "x"
print(lam.__doc__)
