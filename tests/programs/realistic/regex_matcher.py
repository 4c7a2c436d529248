"""A tiny backtracking regex matcher supporting literals, ., *, +, ?, ^, $ and character classes."""
def parse_class(pat, i):
    j = pat.index("]", i)
    body = pat[i + 1:j]
    negate = body.startswith("^")
    if negate:
        body = body[1:]
    chars = set()
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            chars.update(chr(c) for c in range(ord(body[k]), ord(body[k + 2]) + 1))
            k += 3
        else:
            chars.add(body[k])
            k += 1
    return (lambda c: (c in chars) != negate), j + 1
def compile_pattern(pat):
    tokens, i = [], 0
    while i < len(pat):
        c = pat[i]
        if c == "[":
            pred, i = parse_class(pat, i)
        elif c == ".":
            pred, i = (lambda ch: True), i + 1
        elif c == "\\":
            lit = pat[i + 1]
            pred, i = (lambda ch, lit=lit: ch == lit), i + 2
        else:
            pred, i = (lambda ch, lit=c: ch == lit), i + 1
        quant = pat[i] if i < len(pat) and pat[i] in "*+?" else ""
        i += bool(quant)
        tokens.append((pred, quant))
    return tokens
def match_here(tokens, text, anchored_end):
    if not tokens:
        return (not anchored_end or not text), len(text)
    (pred, quant), rest = tokens[0], tokens[1:]
    if quant in ("*", "+", "?"):
        lo = 1 if quant == "+" else 0
        hi = 1 if quant == "?" else len(text)
        n = 0
        while n < hi and n < len(text) and pred(text[n]):
            n += 1
        for k in range(n, lo - 1, -1):
            ok, left = match_here(rest, text[k:], anchored_end)
            if ok:
                return True, left
        return False, 0
    if text and pred(text[0]):
        return match_here(rest, text[1:], anchored_end)
    return False, 0
def search(pattern, text):
    start_anchor = pattern.startswith("^")
    end_anchor = pattern.endswith("$") and not pattern.endswith("\\$")
    core = pattern[start_anchor:len(pattern) - end_anchor]
    tokens = compile_pattern(core)
    for start in range(len(text) + 1):
        ok, left = match_here(tokens, text[start:], end_anchor)
        if ok:
            return text[start:len(text) - left]
        if start_anchor:
            break
    return None
import re
cases = [("ab*c", "xxabbbcyy"), ("^ab+", "abbbx"), ("^ab+", "xab"), ("colou?r", "my color"), ("[0-9]+", "abc 1234 x"),
         ("[^a-z ]+", "abc DEF"), ("a.c$", "zzabc"), ("a.c$", "abcz"), ("x*", "yyy"), ("\\.[a-z]+$", "file.txt"),
         ("h[aeiou]+t", "the hoot hat"), ("^$", ""), ("q[0-9]?z", "q5z qz")]
for pat, text in cases:
    mine = search(pat, text)
    ref = re.search(pat, text)
    ref = ref.group() if ref else None
    print(f"{pat!r:14} {text!r:14} -> {mine!r:10} {'agrees' if mine == ref else 'DIFFERS from re: ' + repr(ref)}")
try:
    search("[abc", "a")
except ValueError as e:
    print("ValueError:", e)
