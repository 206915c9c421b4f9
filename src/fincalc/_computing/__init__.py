"""Computing: caliber-checked operations, analyst formulas, the audit record, rendering.

Modules, bottom to top (each imports only those before it; what a dimension
means — money, ratio, count, physical — is ``fincalc._values.dimensions``):

- ``rounding``: ``Rounding`` and the default rule for a result's dimension.
- ``checks``: the refusals every operation shares.
- ``spec``: what a caller declares — sign conventions, ratio analytics,
  ``Formula`` and the registry (``_data/formulas.toml``).
- ``outcome``: ``Outcome`` and ``settle`` (exact arithmetic, one rounding).
- ``sign_conventions``: reading a figure's written sign, and refusing to guess it.
- ``totals``, ``differences``, ``growth``, ``quotients``, ``averages``,
  ``analytics``, ``formulas``, ``scaling``: each operation's rule.
- ``rerun``: which rule replays each operation.
- ``explanation``: a record's expression, leaf citations and HTML view.
- ``audit``: ``Computation`` (JSON, fingerprint, replay through the rules).
- ``ops``, ``ops_derived``, ``ops_formulas``: the public operations, a rule
  joined to its record.
- ``render``: answer sentences, with words from ``_data/render.toml`` and
  unit words from ``_data/dimensions.toml``.
"""
