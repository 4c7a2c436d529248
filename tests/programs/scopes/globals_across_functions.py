state = {"count": 0}
history = []
def record(event):
    state["count"] += 1
    history.append(event)
def report():
    return f"{state['count']} events: {', '.join(history)}"
for e in ("start", "tick", "stop"):
    record(e)
print(report())
def reset():
    global history
    history = []
    state["count"] = 0
reset()
print(report())
