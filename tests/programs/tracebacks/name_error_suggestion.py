# fivefold: exit=1
def compute():
    counter_value = 5
    return counter_valu + 1
compute()
