# Methods and class attributes are replaced, added and deleted while call sites stay hot.
class Greeter:
    greeting = "hello"
    def greet(self, who):
        return f"{self.greeting} {who}"

def run(g, rounds):
    return [g.greet(i) for i in range(rounds)]

g = Greeter()
print(run(g, 3))
Greeter.greeting = "hi"
print(run(g, 2))
Greeter.greet = lambda self, who: f"replaced {who}"
print(run(g, 2))
g.greet = lambda who: f"instance {who}"
print(run(g, 2))
del g.greet
del Greeter.greet
try:
    run(g, 1)
except AttributeError as e:
    print("AttributeError:", e)
Greeter.greet = lambda self, who: who * 2
print(run(g, 2))
