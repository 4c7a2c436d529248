"""An expression calculator: tokenizer generator, shunting-yard, RPN evaluation with errors."""
import math
def tokens(src):
    i = 0
    while i < len(src):
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit() or c == ".":
            j = i
            while j < len(src) and (src[j].isdigit() or src[j] == "."):
                j += 1
            yield ("num", float(src[i:j]))
            i = j
        elif c.isalpha():
            j = i
            while j < len(src) and src[j].isalpha():
                j += 1
            yield ("name", src[i:j])
            i = j
        elif c in "+-*/^(),":
            yield ("op", c)
            i += 1
        else:
            raise SyntaxError(f"bad character {c!r} at {i}")
PREC = {"+": (1, "L"), "-": (1, "L"), "*": (2, "L"), "/": (2, "L"), "^": (3, "R")}
FUNCS = {"sqrt": math.sqrt, "log": math.log, "max": max}
def to_rpn(src):
    out, stack = [], []
    for kind, val in tokens(src):
        if kind == "num":
            out.append(val)
        elif kind == "name":
            if val in FUNCS:
                stack.append(val)
            elif val in ("pi", "e"):
                out.append(getattr(math, val))
            else:
                raise NameError(f"unknown name {val}")
        elif val == ",":
            while stack and stack[-1] != "(":
                out.append(stack.pop())
        elif val in PREC:
            p, assoc = PREC[val]
            while stack and stack[-1] in PREC and (PREC[stack[-1]][0] > p or (PREC[stack[-1]][0] == p and assoc == "L")):
                out.append(stack.pop())
            stack.append(val)
        elif val == "(":
            stack.append(val)
        elif val == ")":
            while stack and stack[-1] != "(":
                out.append(stack.pop())
            if not stack:
                raise SyntaxError("unbalanced )")
            stack.pop()
            if stack and stack[-1] in FUNCS:
                out.append(stack.pop())
    while stack:
        op = stack.pop()
        if op == "(":
            raise SyntaxError("unbalanced (")
        out.append(op)
    return out
def run(rpn):
    st = []
    for t in rpn:
        if isinstance(t, float):
            st.append(t)
        elif t in FUNCS:
            n = 2 if t == "max" else 1
            args = [st.pop() for _ in range(n)][::-1]
            st.append(FUNCS[t](*args))
        else:
            b, a = st.pop(), st.pop()
            st.append({"+": a + b, "-": a - b, "*": a * b, "^": a ** b}[t] if t != "/" else a / b)
    return st.pop()
for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "sqrt(16) + log(e)", "max(3, 7) / 2", "10 / (5 - 5)",
            "sqrt(0 - 1)", "2 * (3 + 4", "3 + $", "foo(2)", "pi * 2"]:
    try:
        print(f"{src:<20} = {run(to_rpn(src)):.6g}")
    except (ZeroDivisionError, ValueError, SyntaxError, NameError) as e:
        print(f"{src:<20} ! {type(e).__name__}: {e}")
