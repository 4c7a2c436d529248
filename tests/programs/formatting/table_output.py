rows = [("apple", 3, 0.5), ("banana", 12, 0.25), ("cherry", 100, 10.0), ("kiwi", 7, 1.125)]
header = f"{'fruit':<10}{'qty':>5}{'price':>8}{'total':>10}"
print(header)
print("-" * len(header))
for name, qty, price in rows:
    print(f"{name:<10}{qty:>5}{price:>8.2f}{qty * price:>10.3f}")
print("=" * len(header))
print(f"{'sum':<10}{sum(r[1] for r in rows):>5}{'':>8}{sum(r[1] * r[2] for r in rows):>10.3f}")
