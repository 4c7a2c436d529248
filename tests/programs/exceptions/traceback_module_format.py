import traceback
def a():
    b()
def b():
    raise ValueError("deep problem")
try:
    a()
except ValueError as e:
    lines = traceback.format_exception(e)
    for line in lines:
        print(line, end="")
    print("---")
    print(traceback.format_exception_only(type(e), e))
    tb = traceback.extract_tb(e.__traceback__)
    for fs in tb:
        print(fs.name, fs.lineno, fs.line)
try:
    try:
        {}["k"]
    except KeyError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError:
    print(traceback.format_exc())
