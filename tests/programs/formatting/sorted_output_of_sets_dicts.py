s = {"pear", "apple", "fig", "banana"}
print(sorted(s), sorted(s, key=len), len(s))
d = {"z": 1, "y": 2, "x": 3}
d["a"] = 0
print(list(d), list(reversed(d)), sorted(d.items(), key=lambda kv: kv[1]))
nums = {5, 3, 9, 1}
print(sorted(nums), min(nums), max(nums), sum(nums))
print({i for i in range(5)}, {3, 1, 2})
