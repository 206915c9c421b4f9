"""Tests of computing with an audit record (``fincalc._computing``).

Operations, formulas, the audit record and its replay, rendering.
"""
