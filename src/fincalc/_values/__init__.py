"""Value types at the bottom of the flow.

Errors, the decimal context, quantities, periods, calibers and facts.
"""
