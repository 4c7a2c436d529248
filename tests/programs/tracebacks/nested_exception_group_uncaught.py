# fivefold: exit=1
inner = ExceptionGroup("inner", [TypeError("t"), IndexError("i")])
raise ExceptionGroup("outer", [ValueError("v"), inner])
