# fivefold: exit=1
def fallback(x):
    return x["fallback"]
def main():
    try:
        return int("x")
    except ValueError:
        return fallback({})
main()
