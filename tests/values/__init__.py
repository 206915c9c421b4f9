"""Tests of the value types below every stage (``fincalc._values``).

Quantities, calibers, periods, dimensions, vocabulary files, the error tree.
"""
