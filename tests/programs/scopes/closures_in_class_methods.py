def make_class(prefix):
    class Greeter:
        def greet(self, name):
            return f"{prefix} {name}"
        @classmethod
        def kind(cls):
            return f"{prefix}-{cls.__name__}"
    return Greeter
Hi = make_class("hi")
Yo = make_class("yo")
print(Hi().greet("a"), Yo().greet("b"), Hi.kind(), Yo.kind())
class Outer:
    x = 1
    def method(self):
        x = "method local"
        class Inner:
            y = x
        return Inner.y
print(Outer().method())
