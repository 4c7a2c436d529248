"""A vending machine as a state machine with transitions table and guarded actions."""
class InvalidTransition(Exception):
    pass
class VendingMachine:
    PRICES = {"cola": 150, "chips": 100, "candy": 65}
    def __init__(self):
        self.state = "idle"
        self.credit = 0
        self.stock = {"cola": 2, "chips": 0, "candy": 5}
        self.log = []
    def _go(self, new):
        self.log.append(f"{self.state}->{new}")
        self.state = new
    def insert(self, cents):
        if self.state not in ("idle", "has_credit"):
            raise InvalidTransition(f"cannot insert coins while {self.state}")
        if cents not in (5, 10, 25, 100):
            raise ValueError(f"rejected coin {cents}")
        self.credit += cents
        self._go("has_credit")
    def select(self, item):
        if self.state != "has_credit":
            raise InvalidTransition(f"select needs credit (state {self.state})")
        price = self.PRICES[item]
        if not self.stock[item]:
            raise LookupError(f"{item} sold out")
        if self.credit < price:
            raise ValueError(f"{item} costs {price}, credit {self.credit}")
        self._go("vending")
        self.stock[item] -= 1
        self.credit -= price
        change, self.credit = self.credit, 0
        self._go("idle")
        return item, change
    def refund(self):
        change, self.credit = self.credit, 0
        self._go("idle")
        return change
vm = VendingMachine()
script = [("select", "cola"), ("insert", 100), ("insert", 3), ("insert", 25), ("select", "cola"), ("insert", 25),
          ("select", "cola"), ("insert", 100), ("insert", 100), ("select", "chips"), ("select", "cola"),
          ("select", "candy"), ("refund",), ("insert", 100), ("select", "cola"), ("select", "water")]
for action, *args in script:
    try:
        print(action, args, "->", getattr(vm, action)(*args), "| credit", vm.credit)
    except (InvalidTransition, ValueError, LookupError, KeyError) as e:
        print(action, args, "!!", type(e).__name__, e)
print(vm.stock, vm.log)
