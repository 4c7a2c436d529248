# fivefold: exit=1
def cleanup():
    raise OSError("cleanup failed")
def work():
    try:
        raise ValueError("work failed")
    finally:
        cleanup()
work()
