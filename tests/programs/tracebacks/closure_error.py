# fivefold: exit=1
def make_divider(d):
    def divide(n):
        return n / d
    return divide
halve = make_divider(2)
broken = make_divider(0)
print(halve(10))
print(broken(10))
