import json
obj = {"b": [1, 2.5, None, True], "a": {"nested": "ünï", "empty": {}}, "n": 10 ** 20}
print(json.dumps(obj))
print(json.dumps(obj, sort_keys=True, indent=2))
print(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))
print(json.loads('[1, 2.0, "x", null, false, {"k": [1e3]}]'))
print(json.dumps(float("inf")), json.dumps("quote\"\\"), json.dumps([1.0, 0.1, 1e-7]))
