def loop_break():
    for i in range(5):
        try:
            if i == 2:
                break
            print("body", i)
        finally:
            print("finally", i)
    return "done"
print(loop_break())
def loop_continue():
    out = []
    for i in range(4):
        try:
            if i % 2:
                continue
            out.append(i)
        finally:
            out.append(f"f{i}")
    return out
print(loop_continue())
def finally_swallows():
    for _ in range(1):
        try:
            raise ValueError("lost")
        finally:
            break
    return "swallowed by break"
print(finally_swallows())
def nested():
    try:
        try:
            return "inner return"
        finally:
            print("inner finally")
    finally:
        print("outer finally")
print(nested())
def exc_in_finally():
    try:
        raise KeyError("first")
    finally:
        raise ValueError("second")
try:
    exc_in_finally()
except ValueError as e:
    print(repr(e), repr(e.__context__))
