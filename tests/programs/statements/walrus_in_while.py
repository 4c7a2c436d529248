import io
stream = io.StringIO("line one\nline two\n\nline four\n")
while (line := stream.readline()):
    print(repr(line))
chunks = iter([b"ab", b"cd", b""])
buf = b""
while chunk := next(chunks):
    buf += chunk
print(buf)
