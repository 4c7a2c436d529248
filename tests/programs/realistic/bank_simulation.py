"""Bank accounts with transfers, an audit log, interest and error handling."""
import random
class InsufficientFunds(Exception):
    pass
class AccountFrozen(Exception):
    pass
class Account:
    _next_id = 1
    def __init__(self, owner, balance=0):
        self.id = Account._next_id
        Account._next_id += 1
        self.owner = owner
        self._balance = balance
        self.frozen = False
        self.history = []
    @property
    def balance(self):
        return self._balance
    def _check(self):
        if self.frozen:
            raise AccountFrozen(f"account {self.id} ({self.owner}) is frozen")
    def deposit(self, amount):
        self._check()
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self._balance += amount
        self.history.append(("deposit", amount))
    def withdraw(self, amount):
        self._check()
        if amount > self._balance:
            raise InsufficientFunds(f"{self.owner} has {self._balance}, needs {amount}")
        self._balance -= amount
        self.history.append(("withdraw", amount))
    def __repr__(self):
        return f"<Account {self.id} {self.owner}: {self._balance}>"
class SavingsAccount(Account):
    def __init__(self, owner, balance=0, rate=0.02):
        super().__init__(owner, balance)
        self.rate = rate
    def add_interest(self):
        interest = round(self._balance * self.rate)
        self.deposit(interest) if interest > 0 else None
        return interest
class Bank:
    def __init__(self):
        self.accounts = {}
        self.log = []
    def open(self, cls, *args, **kw):
        acct = cls(*args, **kw)
        self.accounts[acct.id] = acct
        return acct
    def transfer(self, src, dst, amount):
        a, b = self.accounts[src], self.accounts[dst]
        try:
            a.withdraw(amount)
            try:
                b.deposit(amount)
            except AccountFrozen:
                a.deposit(amount)
                raise
        except (InsufficientFunds, AccountFrozen, ValueError) as e:
            self.log.append(f"FAILED {src}->{dst} {amount}: {type(e).__name__}: {e}")
            return False
        self.log.append(f"ok {src}->{dst} {amount}")
        return True
    def total(self):
        return sum(a.balance for a in self.accounts.values())
rng = random.Random(1234)
bank = Bank()
people = ["ann", "bob", "cy", "dee"]
for p in people:
    bank.open(Account, p, rng.randint(50, 150))
sav = bank.open(SavingsAccount, "eve", 1000, rate=0.05)
start_total = bank.total()
for step in range(25):
    src, dst = rng.sample(sorted(bank.accounts), 2)
    amount = rng.choice([0, 10, 25, 80, 400])
    if step == 12:
        bank.accounts[3].frozen = True
    bank.transfer(src, dst, amount)
print("\n".join(bank.log))
print("interest:", sav.add_interest())
for acct in bank.accounts.values():
    print(acct, len(acct.history))
print("total before interest", start_total, "after", bank.total())
