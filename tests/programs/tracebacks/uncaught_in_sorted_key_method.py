# fivefold: exit=1
class Person:
    def __init__(self, name, age):
        self.name, self.age = name, age
    def sort_key(self):
        return self.age.real
people = [Person("a", 3), Person("b", None)]
people.sort(key=Person.sort_key)
