"""Reading amounts: the unit table, numerals, and the parser."""
