import pprint
data = {"users": [{"name": f"user{i}", "roles": ["admin", "dev"][: i % 3], "score": i * 1.5} for i in range(4)],
        "meta": {"version": (1, 2, 3), "tags": {"a", "b"}}}
pprint.pprint(data, width=60)
print(pprint.pformat(list(range(30)), width=40, compact=True))
