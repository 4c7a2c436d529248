def consume(it, limit=3):
    out = []
    for x in it:
        if len(out) == limit:
            break
        out.append(x)
    return out
print(consume(x * x for x in range(100)))
print(consume((c for c in "abcdef"), limit=5), sorted(x % 3 for x in range(10)))
print(max((len(w), w) for w in "a bbb cc".split()), dict((i, chr(97 + i)) for i in range(3)))
print("".join(reversed([c for c in "stressed"])), sum(1 for _ in range(50) if _ % 7 == 0))
