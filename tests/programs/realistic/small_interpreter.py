"""A tiny Lisp-like interpreter: tokenizer, parser, environments with closures."""
class Env(dict):
    def __init__(self, params=(), args=(), outer=None):
        super().__init__(zip(params, args))
        self.outer = outer
    def find(self, name):
        if name in self:
            return self
        if self.outer is None:
            raise NameError(f"unbound symbol {name!r}")
        return self.outer.find(name)
def tokenize(src):
    return src.replace("(", " ( ").replace(")", " ) ").split()
def parse(tokens):
    if not tokens:
        raise SyntaxError("unexpected EOF")
    tok = tokens.pop(0)
    if tok == "(":
        lst = []
        while tokens[0] != ")":
            lst.append(parse(tokens))
        tokens.pop(0)
        return lst
    if tok == ")":
        raise SyntaxError("unexpected )")
    try:
        return int(tok)
    except ValueError:
        try:
            return float(tok)
        except ValueError:
            return tok
class Lambda:
    def __init__(self, params, body, env):
        self.params, self.body, self.env = params, body, env
    def __call__(self, *args):
        return evaluate(self.body, Env(self.params, args, self.env))
def global_env():
    import operator as op
    env = Env()
    env.update({"+": op.add, "-": op.sub, "*": op.mul, "/": op.truediv, "<": op.lt, ">": op.gt,
                "=": op.eq, "list": lambda *a: list(a), "car": lambda l: l[0], "cdr": lambda l: l[1:],
                "null?": lambda l: l == [], "print": print})
    return env
def evaluate(x, env):
    if isinstance(x, str):
        return env.find(x)[x]
    if not isinstance(x, list):
        return x
    head, *rest = x
    if head == "if":
        test, conseq, alt = rest
        return evaluate(conseq if evaluate(test, env) else alt, env)
    if head == "define":
        name, expr = rest
        env[name] = evaluate(expr, env)
        return None
    if head == "lambda":
        params, body = rest
        return Lambda(params, body, env)
    if head == "begin":
        result = None
        for e in rest:
            result = evaluate(e, env)
        return result
    proc = evaluate(head, env)
    return proc(*[evaluate(a, env) for a in rest])
env = global_env()
programs = [
    "(define fact (lambda (n) (if (< n 2) 1 (* n (fact (- n 1))))))",
    "(fact 20)",
    "(define make-counter (lambda (start) (lambda (step) (+ start step))))",
    "((make-counter 10) 5)",
    "(define len (lambda (l) (if (null? l) 0 (+ 1 (len (cdr l))))))",
    "(len (list 1 2 3 4 5))",
    "(define fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))",
    "(begin (print (fib 15)) (/ 7 2))",
    "(undefined-thing 1)",
    "(/ 1 0)",
    "(car (list))",
    "(+ 1",
]
for src in programs:
    try:
        result = evaluate(parse(tokenize(src)), env)
        print(f"{src[:40]:<42} => {result}")
    except (NameError, ZeroDivisionError, IndexError, SyntaxError) as e:
        print(f"{src[:40]:<42} !! {type(e).__name__}: {e}")
