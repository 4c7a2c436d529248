import textwrap
text = "The quick brown fox jumps over the lazy dog. " * 4
print(textwrap.fill(text, width=30))
print(textwrap.indent("a\nb\n", "> "), end="")
print(textwrap.shorten(text, 40), textwrap.dedent("    x\n    y").splitlines())
for w in ("a", "bb", "ccc"):
    print(w.center(9, "."), w.ljust(5, "_") + "|", w.rjust(5) + "|")
