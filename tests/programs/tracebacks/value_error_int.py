# fivefold: exit=1
def parse_all(items):
    return [int(x) for x in items]
def main():
    print(parse_all(["1", "2"]))
    print(parse_all(["3", "four"]))
main()
