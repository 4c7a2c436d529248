"""A recursive-descent JSON-ish parser with error positions."""
class ParseError(Exception):
    def __init__(self, msg, pos):
        super().__init__(f"{msg} at position {pos}")
        self.pos = pos
class Parser:
    def __init__(self, text):
        self.text = text
        self.pos = 0
    def peek(self):
        self.skip_ws()
        return self.text[self.pos] if self.pos < len(self.text) else ""
    def skip_ws(self):
        while self.pos < len(self.text) and self.text[self.pos] in " \n\t":
            self.pos += 1
    def expect(self, ch):
        if self.peek() != ch:
            raise ParseError(f"expected {ch!r}, got {self.peek()!r}", self.pos)
        self.pos += 1
    def parse(self):
        value = self.value()
        if self.peek():
            raise ParseError("trailing data", self.pos)
        return value
    def value(self):
        ch = self.peek()
        if ch == "{":
            return self.obj()
        if ch == "[":
            return self.arr()
        if ch == '"':
            return self.string()
        if ch and (ch.isdigit() or ch == "-"):
            return self.number()
        for word, val in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return val
        raise ParseError(f"unexpected {ch!r}", self.pos)
    def obj(self):
        self.expect("{")
        out = {}
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            key = self.string()
            self.expect(":")
            out[key] = self.value()
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect("}")
            return out
    def arr(self):
        self.expect("[")
        out = []
        if self.peek() == "]":
            self.pos += 1
            return out
        while True:
            out.append(self.value())
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect("]")
            return out
    def string(self):
        self.expect('"')
        start = self.pos
        chars = []
        while True:
            if self.pos >= len(self.text):
                raise ParseError("unterminated string", start)
            c = self.text[self.pos]
            self.pos += 1
            if c == '"':
                return "".join(chars)
            if c == "\\":
                esc = self.text[self.pos]
                self.pos += 1
                chars.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(esc, esc))
            else:
                chars.append(c)
    def number(self):
        start = self.pos
        if self.text[self.pos] == "-":
            self.pos += 1
        while self.pos < len(self.text) and (self.text[self.pos].isdigit() or self.text[self.pos] in ".eE+-"):
            self.pos += 1
        s = self.text[start:self.pos]
        return float(s) if any(c in s for c in ".eE") else int(s)
docs = ['{"a": [1, 2.5, -3e2, true, null], "b": {"c": "x\\ny"}}', "[]", "{}", '[1, [2, [3, []]]]',
        '{"a": 1,}', '[1 2]', '"open', '{"k": tru}', "[1] x", '  {"deep": {"er": {"est": [false]}}}  ']
for d in docs:
    try:
        print("OK ", Parser(d).parse())
    except ParseError as e:
        print("ERR", e, "| pos", e.pos)
