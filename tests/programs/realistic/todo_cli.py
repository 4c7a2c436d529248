# fivefold: args=add "buy milk" add "write tests" done 1 list add "ship it" undo list
"""A command-line todo list driven by sys.argv (the header passes the arguments)."""
import sys
class Todo:
    def __init__(self):
        self.items = []
        self.undo_stack = []
    def add(self, text):
        self.items.append([text, False])
        self.undo_stack.append(("add", len(self.items) - 1))
        return f"added #{len(self.items)}: {text}"
    def done(self, num):
        idx = int(num) - 1
        if not 0 <= idx < len(self.items):
            raise IndexError(f"no item #{num}")
        self.items[idx][1] = True
        self.undo_stack.append(("done", idx))
        return f"completed #{num}"
    def undo(self):
        if not self.undo_stack:
            return "nothing to undo"
        kind, idx = self.undo_stack.pop()
        if kind == "add":
            text, _ = self.items.pop(idx)
            return f"removed {text!r}"
        self.items[idx][1] = False
        return f"reopened #{idx + 1}"
    def list(self):
        return "\n".join(f"{i}. [{'x' if d else ' '}] {t}" for i, (t, d) in enumerate(self.items, 1)) or "(empty)"
def main(argv):
    todo = Todo()
    args = list(argv)
    print("argv:", argv)
    while args:
        cmd = args.pop(0)
        method = getattr(todo, cmd, None)
        if method is None:
            print("unknown command", cmd)
            return 2
        nargs = method.__code__.co_argcount - 1
        params, args = args[:nargs], args[nargs:]
        print(method(*params))
    return 0
sys.exit(main(sys.argv[1:]))
