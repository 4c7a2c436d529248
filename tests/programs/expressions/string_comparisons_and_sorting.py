words = ["banana", "Apple", "cherry", "apple", "Banana", "éclair", "zebra", "Zebra", "10", "9"]
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=lambda w: (len(w), w)))
print("a" < "b" < "ba", "Z" < "a", "abc" < "abcd", "" < "a", "é" > "z", min(words), max(words))
print(sorted(words, key=str.casefold, reverse=True)[:3], "10" < "9", int("10") < int("9"))
