# fivefold: exit=1
class Connection:
    def __init__(self, url):
        scheme, rest = url.split("://")
        self.scheme = scheme
        self.host = rest
print(Connection("http://x").host)
Connection("no-scheme")
