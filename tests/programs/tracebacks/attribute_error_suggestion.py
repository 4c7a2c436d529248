# fivefold: exit=1
class Config:
    def __init__(self):
        self.timeout = 30
        self.retries = 3
c = Config()
print(c.timeout)
print(c.timout)
