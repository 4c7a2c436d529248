# fivefold: exit=1
values = {"a": 1, "b": 0}
x = (
    values["a"]
    /
    values["b"]
)
