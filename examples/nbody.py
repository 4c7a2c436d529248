print("hello from fivefold")
