"""Word and character statistics over an embedded text."""
import collections, re, string
TEXT = """It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness, it was the spring of hope,
it was the winter of despair, we had everything before us, we had nothing before us."""
words = re.findall(r"[a-z']+", TEXT.lower())
counts = collections.Counter(words)
print("words:", len(words), "distinct:", len(counts))
for word, n in counts.most_common(8):
    print(f"{word:>10} {n:>3} {'#' * n}")
lengths = collections.Counter(len(w) for w in words)
print("length histogram:", sorted(lengths.items()))
letters = collections.Counter(c for c in TEXT.lower() if c in string.ascii_lowercase)
print("top letters:", "".join(c for c, _ in letters.most_common(10)))
sentences = [s.strip() for s in re.split(r"[.,]", TEXT) if s.strip()]
print("clauses:", len(sentences), "longest:", max(sentences, key=len))
bigrams = collections.Counter(zip(words, words[1:]))
print("top bigrams:", bigrams.most_common(3))
avg = sum(map(len, words)) / len(words)
print(f"average word length {avg:.3f}; lines {TEXT.count(chr(10)) + 1}")
vowels = sum(letters[v] for v in "aeiou")
print(f"vowel ratio {vowels / sum(letters.values()):.2%}")
by_first = collections.defaultdict(set)
for w in words:
    by_first[w[0]].add(w)
print({k: sorted(v) for k, v in sorted(by_first.items()) if len(v) > 2})
