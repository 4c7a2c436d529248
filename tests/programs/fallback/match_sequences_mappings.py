def handle(cmd):
    match cmd:
        case []:
            return "empty"
        case ["go", direction]:
            return f"go {direction}"
        case ["pick", *items] if items:
            return f"pick {items}"
        case [x, y, *_]:
            return f"first two {x} {y}"
        case {"action": "move", "x": int(x), "y": int(y)}:
            return f"move to {x},{y}"
        case {"action": action, **rest}:
            return f"action {action} rest {rest}"
        case str() as s:
            return f"string {s}"
        case _:
            return "unknown"
for c in ([], ["go", "north"], ["pick", "a", "b"], ["pick"], [1, 2, 3], {"action": "move", "x": 1, "y": 2},
          {"action": "jump", "h": 3}, "text", 3.5):
    print(c, "->", handle(c))
