"""Grounding claims: claims and schemas, documents and their declarations, tables, resolve.

Modules, bottom to top (each imports only modules listed before it):

- ``words``: the grounding stage's word lists, as regular-expression pieces.
- ``word_matching``: word matching for every stage that reads words around an
  amount (prefix trees, clause breaks).
- ``sign_words``: the sign of an amount from the words around it, direction
  and loss (also used by computing and the judge).
- ``claim_signs``: the sign a quoted amount's words give it, checked against
  the claim's metric.
- ``metrics``: whether a row label or a clause subject supports a claimed
  metric.
- ``records``: what each amount is, one record per amount (subject, role,
  scope).
- ``claims``: the model's output record, ``Claim``, its validators and JSON
  schemas.
- ``lines``: the lines and pages of a document, and the lines that end a
  table.
- ``lists``: lists that pair amounts with periods.
- ``cells``: what one line of a PDF-extracted table is.
- ``grid_lines``: the lines of a statement page made ready for its rows (what a
  converter split, joined).
- ``stacked_headers``: the two-level and wrapped column headers of a Chinese
  report's summary tables, as PDF extractors stack and reorder them.
- ``grid``: tables in PDF-extracted text (header runs, columns, rows).
- ``grid_labels``: the label of a grid row (its block's heading, its wrapped
  lines).
- ``pipes``: pipe tables with ragged rows, read as rows of amounts.
- ``declared_units``: unit declarations, where a document says what its bare
  numbers are in.
- ``structure``: what is read once from a document's text (lines, pages,
  declarations, tables).
- ``periods``: the claim's period, when two periods agree, and the period a
  quote names.
- ``cover_tags``: what a filing's cover page says in its dei tags (the
  filer's fiscal calendar).
- ``html``: a filing's HTML as text with its tables kept, and its inline-XBRL
  tags.
- ``documents``: ``Document``, its pages and its unit declarations.
- ``tables``: the row a quote sits on, its amount cells, and their column
  headers.
- ``reported_period``: the period a page reports, and what its relative
  columns (本期, 上期) are.
- ``reading``: the amount a located quote points at, and its column.
- ``schedules``: the period of a cell whose column names none (a table's
  caption, a schedule's rows).
- ``comparatives``: comparative figures in brackets ("£1.2bn (2022: £1.1bn)").
- ``prose_amounts``: the one amount of an ambiguous quote the claim means.
- ``quantities``: the amount a claim's located quote points at, read from
  the document.
- ``verify``: every declared field of a claim checked against its amount's
  record.
- ``resolve``: ``resolve``, ``resolve_all`` and reason codes, from claims to
  grounded facts.
"""
