"""Computing: caliber-checked operations, analyst formulas, the audit record, rendering.

Modules, bottom to top (each imports only those before it; what a dimension
means — money, ratio, count, physical — is ``fincalc._values.dimensions``):

- ``rounding``: ``Rounding`` and the default rule for a result's dimension.
- ``checks``: the refusals every operation shares, and the preamble that
  checks an operation's inputs.
- ``spec``: what a caller declares — sign conventions, ratio analytics,
  ``Formula`` and the registry (``_data/formulas.toml``).
- ``outcome``: ``Outcome`` and ``settle`` (exact arithmetic, one rounding),
  and the ``Operation`` literal.
- ``sign_conventions``: reading a figure's written sign, and refusing to
  guess it.
- ``differences``, ``growth``, ``bases``, ``changes``, ``quotients``,
  ``analytics``, ``formulas``, ``totals``, ``averages``, ``scaling``: each
  operation's rule.
- ``operations``: the operation table — one entry per operation: its
  replay, its record's shape, its expression and its sentence kind.
- ``identity``: the hash of what a record computed from which values.
- ``explanation``: a record's leaf citations and HTML view.
- ``audit``: ``Computation`` (JSON, fingerprint, replay through the table).
- ``ops``, ``ops_derived``, ``ops_changes``, ``ops_formulas``: the public
  operations, a rule joined to its record.
- ``render``: answer sentences, with words from ``_data/render.toml`` and
  unit words from ``_data/dimensions.toml``.
- ``audit_verify``: ``verify``, a record re-grounded in its documents.
"""
