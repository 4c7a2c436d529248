# fivefold: exit=1
def check(x):
    try:
        return 10 / x
    except ZeroDivisionError as e:
        e.add_note(f"while checking x={x}")
        e.add_note("second note")
        raise
check(0)
