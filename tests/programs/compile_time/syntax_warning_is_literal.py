x = 1000
print("compiled with a SyntaxWarning on stderr")
if x is 1000:
    print("identical")
else:
    print("not identical")
print("abc" is not "abc")
