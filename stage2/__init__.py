"""fivefold.stage2"""
