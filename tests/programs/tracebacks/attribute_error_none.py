# fivefold: exit=1
class User:
    def __init__(self, name):
        self.name = name
def find(users, name):
    for u in users:
        if u.name == name:
            return u
users = [User("a"), User("b")]
print(find(users, "a").name)
print(find(users, "zzz").name.upper())
