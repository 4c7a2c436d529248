import asyncio
class Account:
    def __init__(self, balance):
        self.balance = balance
        self.history = []
    async def deposit(self, amount):
        await asyncio.sleep(0)
        self.balance += amount
        self.history.append(("dep", amount))
        return self.balance
    async def withdraw(self, amount):
        await asyncio.sleep(0)
        if amount > self.balance:
            raise ValueError("insufficient funds")
        self.balance -= amount
        self.history.append(("wd", amount))
        return self.balance
    def summary(self):
        return f"{self.balance} after {len(self.history)} ops"
class Savings(Account):
    async def deposit(self, amount):
        r = await super().deposit(amount + 1)
        return r
async def main():
    a = Savings(10)
    print(await a.deposit(5))
    try:
        await a.withdraw(100)
    except ValueError as e:
        print("ValueError:", e)
    print(await a.withdraw(6), a.summary())
asyncio.run(main())
