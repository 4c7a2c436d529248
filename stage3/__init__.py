"""fivefold.stage3"""
