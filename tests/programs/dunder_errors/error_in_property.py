class Config:
    def __init__(self, raw):
        self.raw = raw
    @property
    def port(self):
        return int(self.raw["port"])
    @property
    def attr_error_inside(self):
        return self.raw.missing_attribute
    def __getattr__(self, name):
        return f"__getattr__ fallback for {name}"
c = Config({"port": "80x"})
try:
    c.port
except ValueError as e:
    print("ValueError:", e)
print(c.attr_error_inside)
c2 = Config({})
try:
    c2.port
except KeyError as e:
    print("KeyError:", e)
print(hasattr(c2, "port") if False else "skip hasattr")
