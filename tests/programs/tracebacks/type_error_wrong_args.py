# fivefold: exit=1
def connect(host, port, *, timeout):
    return f"{host}:{port}"
def main():
    return connect("localhost", 80, 5)
main()
