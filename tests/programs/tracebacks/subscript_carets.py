# fivefold: exit=1
data = {"users": [{"name": "a", "tags": ["x"]}]}
print(data["users"][0]["tags"][0])
print(data["users"][0]["tags"][3])
