# fivefold: exit=1
class Weird(Exception):
    def __str__(self):
        raise RuntimeError("cannot describe myself")
raise Weird("x")
