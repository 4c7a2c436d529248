db = {"users": [{"id": 1, "name": "ann", "roles": ["admin", "dev"]},
                {"id": 2, "name": "bob", "roles": []},
                {"id": 3, "name": "cy", "roles": ["dev"]}],
      "meta": {"count": 3, "tags": ("x", "y")}}
print([u["name"] for u in db["users"] if "dev" in u["roles"]])
print({u["id"]: len(u["roles"]) for u in db["users"]})
db["users"][1]["roles"].append("ops")
db["meta"]["count"] += 1
print(db["users"][1], db["meta"])
by_role = {}
for u in db["users"]:
    for r in u["roles"]:
        by_role.setdefault(r, []).append(u["name"])
print(by_role)
print(max(db["users"], key=lambda u: (len(u["roles"]), u["name"]))["name"], db["meta"]["tags"][-1])
