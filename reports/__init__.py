"""fivefold.reports"""
