"""fivefold.stage1"""
