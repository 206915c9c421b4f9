"""Tests of reading an amount (``fincalc._reading``).

Parse, extract, scan, units and currencies, numerals, the prebuilt index.
"""
