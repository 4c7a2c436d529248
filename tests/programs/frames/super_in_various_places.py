class A:
    def f(self):
        return "A.f"
    def g(self):
        return "A.g"
class B(A):
    def f(self):
        inner = lambda: super(B, self).f()
        return "B.f>" + inner()
    def g(self):
        try:
            return ["B.g>" + super().g() for _ in range(1)][0]
        except TypeError as e:
            # zero-argument super() in a comprehension sees the comprehension's own first argument
            return f"TypeError: {e}"
    def h(self):
        def nested():
            return super(B, self).g()
        return nested()
    def gen(self):
        yield super().f()
print(B().f(), B().g(), B().h(), list(B().gen()))
class C:
    def no_args_in_static():
        try:
            return super()
        except RuntimeError as e:
            return f"RuntimeError: {e}"
print(C.no_args_in_static())
def not_in_class():
    try:
        super()
    except RuntimeError as e:
        return f"RuntimeError: {e}"
print(not_in_class())
