# fivefold: exit=1
class ParseError(Exception):
    pass
def parse(s):
    try:
        return float(s)
    except ValueError as e:
        raise ParseError(f"could not parse {s!r}") from e
print(parse("1.5"))
parse("abc")
