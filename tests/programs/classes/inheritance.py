class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says {self.sound}"
    def kind(self):
        return type(self).__name__
class Dog(Animal):
    sound = "woof"
class Puppy(Dog):
    def speak(self):
        return super().speak() + " (squeaky)"
class Cat(Animal):
    sound = "meow"
    def __init__(self, name, lives=9):
        super().__init__(name)
        self.lives = lives
for a in (Animal("x"), Dog("rex"), Puppy("bit"), Cat("tom")):
    print(a.speak(), a.kind(), isinstance(a, Dog), issubclass(type(a), Animal))
print([c.__name__ for c in Puppy.__mro__], Cat("c", 3).lives, Puppy.__bases__)
