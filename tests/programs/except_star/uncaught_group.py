# fivefold: exit=1
def load(name):
    if name.startswith("bad"):
        raise ValueError(f"cannot load {name}")
    if name.startswith("missing"):
        raise FileNotFoundError(name)
    return name.upper()


def load_all(names):
    errors, results = [], []
    for name in names:
        try:
            results.append(load(name))
        except Exception as e:
            errors.append(e)
    if errors:
        raise ExceptionGroup("loading failed", errors)
    return results


def main():
    print(load_all(["a", "b"]))
    try:
        load_all(["a", "bad1", "missing1"])
    except* FileNotFoundError as group:
        print("ignoring missing files:", [str(e) for e in group.exceptions])


main()
