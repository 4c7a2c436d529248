"""fivefold.stage4"""
