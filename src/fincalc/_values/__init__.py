"""Value types at the bottom of the flow: what an amount, a period and a caliber are.

Quantities, the decimal context, dimensions, periods, calibers and facts; the
plumbing they share (errors, bounded input, word lists) is ``fincalc._base``.

Modules, bottom to top (each imports only modules listed before it):

- ``decimals``: the one private decimal context, and strict coercion into
  ``Decimal``.
- ``quantity``: ``Quantity``, an amount in base units bound to the text it
  was read from.
- ``dimensions``: what a dimension code means (money, ratio, multiple, count,
  physical, time).
- ``period_types``: the period value types, ``Period`` and ``FiscalCalendar``.
- ``period_words``: the words of period text, from ``_data/periods.toml``.
- ``period_dates``: days in period text, and periods "ended" on a day.
- ``period_grammar``: the grammar of period text, ordered patterns and what
  each one reads.
- ``period``: the period parser, ``parse_period``; the module other stages
  import.
- ``caliber``: ``Caliber`` (口径), what a number means, the key that decides
  what may combine.
- ``facts``: ``Evidence`` and ``Fact``, a quantity bound to its meaning and
  its source span; ``find_conflicts``.
"""
