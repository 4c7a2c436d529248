import errno
for code in (errno.ENOENT, errno.EACCES, errno.EEXIST, errno.EISDIR, errno.EPIPE, errno.EAGAIN, 9999):
    e = OSError(code, "message")
    print(code, type(e).__name__, isinstance(e, OSError), e.errno, str(e))
try:
    raise FileNotFoundError(errno.ENOENT, "No such file or directory", "missing.txt")
except OSError as e:
    print(type(e).__name__, e.filename, e)
print(IOError is OSError, EnvironmentError is OSError)
