# fivefold: exit=1
def run():
    errors = []
    for i in range(3):
        try:
            if i == 1:
                raise ValueError(f"bad {i}")
            if i == 2:
                raise KeyError(i)
        except Exception as e:
            errors.append(e)
    raise ExceptionGroup("run failed", errors)
run()
