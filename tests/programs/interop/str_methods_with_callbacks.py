import re, string
template = string.Template("Hello $name, you owe $$${amount}")
print(template.substitute(name="Ann", amount=5))
def repl(m):
    return m.group(0).upper()
print(re.sub(r"\b\w", repl, "the quick brown fox"))
print(re.findall(r"(\w)(\d)", "a1 b2 c"), re.split(r"[,;]\s*", "a, b;c"))
m = re.match(r"(?P<key>\w+)=(?P<val>\d+)", "count=42")
print(m.group("key"), int(m["val"]), m.groupdict(), m.span())
print(" ".join(map(str.capitalize, "a b c".split())))
