import sys
def who_am_i():
    return sys._getframe().f_code.co_name
def who_called_me():
    return sys._getframe(1).f_code.co_name
def caller_line():
    return sys._getframe(1).f_lineno
def outer():
    return who_am_i(), who_called_me(), caller_line()
print(outer())
print(who_called_me())
class K:
    def method(self):
        return who_called_me(), sys._getframe().f_code.co_qualname
print(K().method())
print((lambda: who_called_me())())
print([who_called_me() for _ in range(1)])
