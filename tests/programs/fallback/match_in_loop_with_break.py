def run(tokens):
    stack = []
    for tok in tokens:
        match tok:
            case int(n):
                stack.append(n)
            case "+":
                b, a = stack.pop(), stack.pop()
                stack.append(a + b)
            case "*":
                b, a = stack.pop(), stack.pop()
                stack.append(a * b)
            case "stop":
                print("stop token")
                break
            case other:
                print("unknown", other)
                continue
        print("stack", stack)
    else:
        print("consumed all")
    return stack
print(run([2, 3, "+", 4, "*"]))
print(run([1, "?", 2, "stop", 3]))
