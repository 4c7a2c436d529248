counter = {"n": 0}
def collector():
    errors = []
    def run_all(tasks):
        for t in tasks:
            try:
                t()
            except Exception as e:
                errors.append(e)
        if errors:
            raise ExceptionGroup("tasks failed", list(errors))
    return run_all, errors
run_all, errors = collector()
def bad_div():
    counter["n"] += 1
    return 1 / 0
def bad_key():
    counter["n"] += 1
    return {}["x"]
def handle():
    try:
        run_all([bad_div, bad_key, lambda: "fine"])
    except* ZeroDivisionError as g:
        print("zero:", len(g.exceptions))
    except* LookupError as g:
        print("lookup:", [type(e).__name__ for e in g.exceptions])
handle()
print(counter, len(errors))
try:
    try:
        raise ExceptionGroup("g", [OSError("os"), RuntimeError("rt")])
    except* OSError:
        print("handled OSError part")
except ExceptionGroup as rest:
    print("unhandled rest:", rest.exceptions)
