import copy, pickle
class Node:
    def __init__(self, v, children=()):
        self.v = v
        self.children = list(children)
    def __repr__(self):
        return f"Node({self.v}, {self.children})"
tree = Node(1, [Node(2), Node(3, [Node(4)])])
shallow = copy.copy(tree)
deep = copy.deepcopy(tree)
tree.children[0].v = 20
print(shallow, deep)
def module_func(x):
    return x + 1
restored = pickle.loads(pickle.dumps(module_func))
print(restored is module_func, restored(1))
data = pickle.loads(pickle.dumps({"n": Node(5), "l": [1, (2, 3)]}))
print(data)
try:
    pickle.dumps(lambda: 0)
except (pickle.PicklingError, AttributeError) as e:
    print(type(e).__name__, str(e).split(" at 0x")[0], "...", str(e).rsplit(":", 1)[-1])
