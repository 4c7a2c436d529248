class Account:
    def __init__(self, owner):
        self.__owner = owner
        self._hint = "protected"
    def owner(self):
        return self.__owner
    def __secret(self):
        return "secret"
    def reveal(self):
        return self.__secret()
a = Account("ann")
print(a.owner(), a._hint, a.reveal(), a._Account__owner, sorted(vars(a)))
try:
    a.__owner
except AttributeError as e:
    print("AttributeError:", e)
class Sub(Account):
    def __init__(self):
        super().__init__("sub")
        self.__owner = "shadow"
s = Sub()
print(s.owner(), s._Sub__owner)
