"""Library records: classes with class methods, sorting, generators and closures for fines."""
import datetime
class Book:
    def __init__(self, isbn, title, author, year):
        self.isbn, self.title, self.author, self.year = isbn, title, author, year
    def __repr__(self):
        return f"{self.title!r} ({self.author}, {self.year})"
class Member:
    def __init__(self, name, limit=2):
        self.name, self.limit, self.loans = name, limit, {}
def fine_policy(per_day, cap):
    def fine(days_late):
        return min(max(days_late, 0) * per_day, cap)
    return fine
class Library:
    def __init__(self, fine):
        self.books, self.available, self.fine = {}, set(), fine
    def add(self, *books):
        for b in books:
            self.books[b.isbn] = b
            self.available.add(b.isbn)
    def checkout(self, member, isbn, day):
        if isbn not in self.books:
            raise KeyError(f"no book {isbn}")
        if isbn not in self.available:
            raise RuntimeError(f"{self.books[isbn].title} is out")
        if len(member.loans) >= member.limit:
            raise RuntimeError(f"{member.name} reached the limit of {member.limit}")
        self.available.remove(isbn)
        member.loans[isbn] = day
    def checkin(self, member, isbn, day, loan_days=14):
        start = member.loans.pop(isbn)
        self.available.add(isbn)
        late = (day - start).days - loan_days
        return self.fine(late)
    def catalogue(self, key):
        yield from sorted(self.books.values(), key=key)
lib = Library(fine_policy(0.25, 5.0))
lib.add(Book("1", "Dune", "Herbert", 1965), Book("2", "Emma", "Austen", 1815), Book("3", "Ubik", "Dick", 1969))
ann, bob = Member("ann"), Member("bob", limit=1)
d0 = datetime.date(2024, 1, 1)
for who, isbn in [(ann, "1"), (ann, "2"), (ann, "3"), (bob, "1"), (bob, "3"), (bob, "2"), (bob, "9")]:
    try:
        lib.checkout(who, isbn, d0)
        print(who.name, "borrowed", lib.books[isbn])
    except (KeyError, RuntimeError) as e:
        print(who.name, "failed:", type(e).__name__, e)
print("fine ann/1:", lib.checkin(ann, "1", d0 + datetime.timedelta(days=20)))
print("fine ann/2:", lib.checkin(ann, "2", d0 + datetime.timedelta(days=100)))
print("fine bob/3:", lib.checkin(bob, "3", d0 + datetime.timedelta(days=3)))
print(list(lib.catalogue(key=lambda b: b.year)), [b.title for b in lib.catalogue(key=lambda b: b.author)])
print(sorted(lib.available))
