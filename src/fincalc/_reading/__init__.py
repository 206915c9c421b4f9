"""Reading amounts: the unit table, numerals, and the parser.

Modules, bottom to top (each imports only modules listed before it):

- ``text``: the text the reader accepts and the length-preserving form it
  matches on.
- ``numerals``: Chinese numerals and capital amounts (壹拾贰万…元柒角捌分).
- ``aliases``: aliases as the reader matches them, by dictionary probe or by
  pattern.
- ``table_schema``: the unit table's file schema (pydantic; tables of one's
  own only).
- ``unit_table``: the unit table, its loading and its look-ups.
- ``declarations``: declared units, ``UnitContext`` read from headers and
  documents.
- ``grammar``: what the amount reader matches, built once per unit table and
  locale.
- ``fast_pattern``: the generated scanner's pattern and its guards.
- ``scan``: the text being read, and the number cores the scan finds in it.
- ``script_symbols``: currency symbols whose currency the script decides
  ("¥" is CNY or JPY).
- ``unknown_currency``: currency words the unit table does not know.
- ``value``: the number of an amount, read exactly.
- ``before_number``: what is written before a number (百分之, signs, a
  currency, a bracket, a hedge).
- ``after_number``: what is written after a number (多/余, a scale, a
  currency or unit, a hedge).
- ``number_words``: English number words ("two and a half billion").
- ``closed_world``: what follows an amount is read, or ends it, or refuses
  it.
- ``classify``: numbers that are not amounts (references, periods, codes,
  years).
- ``minor_units``: the 角 and 分 of a 元 amount.
- ``ranges``: a range that writes its scale and unit once ("1.5至2亿元").
- ``build``: from what was read around a number to a ``Quantity``.
- ``split_amounts``: one amount written in parts, refused rather than read as
  two.
- ``units``: the reading stage's unit API for the stages above.
- ``reader``: every amount of a text, one number core at a time, in named
  phases.
- ``scanner``: the generated scanner, one ``re`` pass per text once a table
  has read enough.
- ``scanner_words``: the alias sets of the generated scanner.
- ``scanner_tier``: when a unit table switches to its generated scanner.
- ``parse``: ``parse_quantity`` and ``extract_quantities``.
- ``prebuild``: ``python -m fincalc._reading.prebuild`` writes the prebuilt
  artefact.
"""
