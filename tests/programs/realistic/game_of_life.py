"""Conway's game of life on a small torus, with a glider and a blinker."""
W, H = 12, 8
def step(alive):
    counts = {}
    for (x, y) in alive:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    key = ((x + dx) % W, (y + dy) % H)
                    counts[key] = counts.get(key, 0) + 1
    return {c for c, n in counts.items() if n == 3 or (n == 2 and c in alive)}
def show(alive, gen):
    print(f"generation {gen}, {len(alive)} alive")
    for y in range(H):
        print("".join("#" if (x, y) in alive else "." for x in range(W)))
cells = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2), (8, 4), (8, 5), (8, 6)}
for gen in range(5):
    show(cells, gen)
    cells = step(cells)
seen = {}
g = 0
state = frozenset(cells)
while state not in seen and g < 200:
    seen[state] = g
    state = frozenset(step(state))
    g += 1
print("cycle found after", g, "generations, period", g - seen.get(state, g))
