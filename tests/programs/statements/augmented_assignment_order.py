log = []
class Obj:
    def __init__(self):
        self._v = 1
    @property
    def v(self):
        log.append("get v")
        return self._v
    @v.setter
    def v(self, val):
        log.append(f"set v {val}")
        self._v = val
def obj():
    log.append("obj()")
    return o
o = Obj()
obj().v += 5
print(log, o._v)
log.clear()
data = [[1, 2]]
def idx():
    log.append("idx()")
    return 0
data[idx()][idx() + 1] *= 10
print(log, data)
