# fivefold: exit=1
raise ValueError("line one\nline two\n  indented line three")
