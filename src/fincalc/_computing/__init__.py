"""Computing: caliber-checked operations, the audit record, rendering.

Modules, bottom to top (each imports only those before it):

- ``dimensions``: which dimensions add up, divide or take a scale.
- ``rounding``: ``Rounding`` and the default rule for a result's dimension.
- ``checks``: the refusals every operation shares.
- ``outcome``: ``Outcome`` and ``settle`` (exact arithmetic, one rounding).
- ``totals``, ``differences``, ``growth``, ``quotients``: each operation's rule.
- ``audit``: ``Computation`` (JSON, fingerprint, replay through the rules).
- ``ops``: the public operations, a rule joined to its record.
- ``render``: answer sentences, with words from ``_data/render.toml``.
"""
