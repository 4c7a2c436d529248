value = "global"
class A:
    value = "class"
    def get_global(self):
        return value
    def get_class(self):
        return self.value
    @classmethod
    def cls_value(cls):
        return cls.value
a = A()
print(a.get_global(), a.get_class(), A.cls_value())
def f():
    value = "local"
    class B:
        print("B body reads", value)
        v2 = value
    return B.v2
print(f())
