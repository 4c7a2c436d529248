"""A helper module imported by the import programs (not a program itself)."""
print("importing _helper_module as", __name__)
VALUE = 42
_private = "hidden from star import"
def greet(name):
    return f"hello {name} from {__name__}"
class Thing:
    def __repr__(self):
        return f"Thing from {type(self).__module__}"
def raises():
    raise ValueError("raised in helper module")
