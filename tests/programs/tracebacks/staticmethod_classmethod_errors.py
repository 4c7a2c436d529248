# fivefold: exit=1
class Parser:
    @staticmethod
    def number(s):
        return int(s)
    @classmethod
    def parse_all(cls, items):
        return [cls.number(s) for s in items]
print(Parser.parse_all(["1", "2"]))
print(Parser.parse_all(["1", "2.5"]))
