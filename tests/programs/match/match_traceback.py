# fivefold: exit=1
class Config:
    __match_args__ = ("name", "size")

    def __init__(self, name, size):
        self.name = name
        self.size = size


def parse(entries):
    results = []
    for entry in entries:
        match entry:
            case {"name": str(name), "size": int(size)} if size > 0:
                results.append(Config(name, size))
            case Config(name, size=int()):
                results.append(entry)
            case [Config(name),
                  Config(other, size, extra)]:
                results.append((name, other))
            case _:
                results.append(None)
    return results


print([type(r).__name__ for r in parse([{"name": "a", "size": 1}, Config("b", 2), "junk"])])
try:
    parse([[Config("c", 1), Config("d", 2)]])
except TypeError as e:
    print("TypeError:", e)
parse([{"name": "e", "size": 0}, [Config("f", 3),
                                   Config("g", 4)]])
