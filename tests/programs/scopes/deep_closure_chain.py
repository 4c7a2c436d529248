def l1():
    a = "a"
    def l2():
        b = "b"
        def l3():
            c = "c"
            def l4():
                return a + b + c
            return l4
        return l3
    return l2
print(l1()()()())
def skip_levels():
    x = 1
    def mid():
        def deep():
            return x
        return deep
    return mid()()
print(skip_levels())
