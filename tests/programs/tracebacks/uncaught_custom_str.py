# fivefold: exit=1
class HttpError(Exception):
    def __init__(self, status, reason):
        super().__init__(status, reason)
        self.status, self.reason = status, reason
    def __str__(self):
        return f"HTTP {self.status}: {self.reason}"
def request(path):
    if path != "/":
        raise HttpError(404, f"{path} not found")
    return "ok"
print(request("/"))
request("/missing")
