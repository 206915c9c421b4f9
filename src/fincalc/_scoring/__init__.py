"""Scoring: many answers against gold cases into a report (``evaluate``).

``evaluate`` loads gold cases and predictions, scores each case with the
judge of the stage below (``_judging``: ``check_answer``'s rules), gives it a
verdict and a reason under a scoring profile, and aggregates the cases into
an ``EvalReport`` that renders as text or HTML; ``fincalc eval`` runs it in
slices with a progress bar and CI thresholds.  Retrieval metrics are scored
beside the answers.

Modules, bottom to top (each imports only modules listed before it):

- ``retrieval``: retrieval metrics over ranked evidence ids (hit@k, MRR, nDCG).
- ``profiles``: scoring profiles, a case's score from its match.
- ``inputs``: ``GoldCase``, ``Prediction``, their loaders and the bundled sample.
- ``cases``: ``CaseResult``, the verdict on one question, and its reasons.
- ``aggregates``: ``Proportion``, ``Metrics`` and the one list of metrics.
- ``score_case``: one gold case and its prediction into a ``CaseResult``.
- ``sharding``: many cases scored in this process or in worker processes.
- ``rendering``: reports as text tables and HTML.
- ``eval_report``: ``EvalReport`` and ``ReportComparison``.
- ``batch``: the command line's slices, progress bar and CI thresholds.
- ``evaluate``: ``evaluate`` itself.
"""
