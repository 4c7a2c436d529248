# fivefold: exit=1
raise ValueError("ünïcödé message → ✓ 日本語")
