print("tab:\t|newline-escaped:\\n|quote:\"|single:\'|bell-repr:" + repr("\a"))
print(r"raw \n string \t", rb"raw bytes \x00")
print("octal \101 hex \x42 unicode \u0043 long \U00000044")
print("""triple
quoted
string""")
print('''single triple "with" 'quotes' ''')
print("implicit " "concatenation " f"with {1 + 1}")
print(len("\n"), len(r"\n"), "\\".join(["a", "b"]))
