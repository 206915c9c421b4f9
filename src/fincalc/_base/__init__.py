"""The floor below the value types: plumbing with no financial meaning.

Nothing here knows what an amount, a period or a caliber is; every stage
above may use it.

Modules, bottom to top (each imports only modules listed before it):

- ``public``: give public objects their public home, so reprs and tracebacks
  show ``fincalc.X``.
- ``exceptions``: the exception tree, one root (``FincalcError``) and typed
  leaves with structured fields; ``fincalc.errors`` lists it for users.
- ``surrogates``: lone surrogates (U+D800-U+DFFF), refused when a value type
  is built.
- ``bounded``: bounded input, JSON text and files checked against fixed
  limits before parsing.
- ``prebuilt``: the prebuilt artefact, the validated data the first parse
  reads from one JSON file (the one reader of it, for every stage).
- ``vocabulary``: word lists as data, each ``_data/*.toml`` file validated on
  load (or restored from the prebuilt artefact).
"""
