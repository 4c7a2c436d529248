# fivefold: exit=1
def load(d):
    try:
        return d["value"]
    except KeyError:
        raise RuntimeError("value missing from config")
load({})
