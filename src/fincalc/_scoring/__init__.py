"""Evaluating: judge one answer, score many, report.

One answer (``check_answer``, ``check_quantities``): ``answers`` runs
``extraction`` (the parser, the question's unit, row-label units),
``direction`` (direction and loss words), ``refusals`` and ``matching``
(the verdict against a ``tolerance.Target``); ``citations`` checks the
citation format.  Many answers (``evaluate``): ``records`` loads them,
``scoring`` scores one case in named steps (``cases`` holds the result,
``profiles`` the scoring profiles), ``sharding`` spreads cases over worker
processes, ``metrics`` and ``report`` aggregate, ``rendering`` writes text
and HTML.  ``retrieval`` and ``faithfulness`` stand beside them.  Word lists
come from ``_data/answers.toml`` through ``wording``.
"""
