# fivefold: exit=1
config = {"db": {"host": "x", "port": 5432}}
def setting(*path):
    node = config
    for p in path:
        node = node[p]
    return node
print(setting("db", "port"))
print(config["db"]["user"]["name"])
