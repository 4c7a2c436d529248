"""A binary-heap priority queue with decrease-key, used for Dijkstra on a small graph."""
class PriorityQueue:
    def __init__(self):
        self.heap = []
        self.pos = {}
    def __len__(self):
        return len(self.heap)
    def __bool__(self):
        return bool(self.heap)
    def _swap(self, i, j):
        self.heap[i], self.heap[j] = self.heap[j], self.heap[i]
        self.pos[self.heap[i][1]] = i
        self.pos[self.heap[j][1]] = j
    def _up(self, i):
        while i and self.heap[i] < self.heap[(i - 1) // 2]:
            self._swap(i, (i - 1) // 2)
            i = (i - 1) // 2
    def _down(self, i):
        n = len(self.heap)
        while True:
            smallest = i
            for c in (2 * i + 1, 2 * i + 2):
                if c < n and self.heap[c] < self.heap[smallest]:
                    smallest = c
            if smallest == i:
                return
            self._swap(i, smallest)
            i = smallest
    def push(self, item, prio):
        if item in self.pos:
            i = self.pos[item]
            if prio >= self.heap[i][0]:
                return False
            self.heap[i] = (prio, item)
            self._up(i)
            return True
        self.heap.append((prio, item))
        self.pos[item] = len(self.heap) - 1
        self._up(len(self.heap) - 1)
        return True
    def pop(self):
        if not self.heap:
            raise IndexError("pop from empty priority queue")
        self._swap(0, len(self.heap) - 1)
        prio, item = self.heap.pop()
        del self.pos[item]
        if self.heap:
            self._down(0)
        return item, prio
graph = {"A": {"B": 7, "C": 9, "F": 14}, "B": {"A": 7, "C": 10, "D": 15}, "C": {"A": 9, "B": 10, "D": 11, "F": 2},
         "D": {"B": 15, "C": 11, "E": 6}, "E": {"D": 6, "F": 9}, "F": {"A": 14, "C": 2, "E": 9}, "G": {}}
def dijkstra(start):
    dist = {start: 0}
    prev = {}
    pq = PriorityQueue()
    pq.push(start, 0)
    while pq:
        node, d = pq.pop()
        for nb, w in graph[node].items():
            nd = d + w
            if nd < dist.get(nb, float("inf")):
                dist[nb] = nd
                prev[nb] = node
                pq.push(nb, nd)
    return dist, prev
dist, prev = dijkstra("A")
for node in sorted(graph):
    path, n = [], node
    while n in prev:
        path.append(n)
        n = prev[n]
    path.append(n)
    print(node, dist.get(node, "unreachable"), "->".join(reversed(path)) if node in dist else "")
pq = PriorityQueue()
for i, w in enumerate([5, 3, 8, 1, 9, 2]):
    pq.push(f"job{i}", w)
print(pq.push("job2", 0), pq.push("job4", 100))
print([pq.pop() for _ in range(len(pq))])
try:
    pq.pop()
except IndexError as e:
    print("IndexError:", e)
