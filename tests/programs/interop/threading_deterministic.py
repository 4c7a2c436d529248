import threading
results = {}
def work(i):
    results[i] = sum(range(i * 1000))
threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()))
lock = threading.Lock()
counter = [0]
def inc():
    for _ in range(1000):
        with lock:
            counter[0] += 1
ts = [threading.Thread(target=inc) for _ in range(3)]
[t.start() for t in ts]
[t.join() for t in ts]
print(counter[0], threading.current_thread().name)
