src = "def g(a):\n    return a * 2\nresult = g(21)\n"
code = compile(src, "<generated>", "exec")
ns = {}
exec(code, ns)
print(ns["result"], code.co_filename, type(code).__name__)
expr = compile("x + 1", "<expr>", "eval")
print(eval(expr, {"x": 41}))
try:
    compile("def (:", "<bad>", "exec")
except SyntaxError as e:
    print("SyntaxError:", e.msg, e.lineno, e.offset, e.filename, repr(e.text))
try:
    exec("1 / 0", {})
except ZeroDivisionError as e:
    print("ZeroDivisionError from exec:", e)
import ast
tree = ast.parse("a = [1, 2]")
print(ast.dump(tree.body[0].value))
print(eval(compile(ast.fix_missing_locations(ast.Expression(ast.Constant(5))), "<ast>", "eval")))
