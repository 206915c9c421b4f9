"""Tests of judging one answer: ``check_answer``, ``check_quantities``, ``unsupported_numbers``.

The judging half of ``fincalc._evaluating`` (being split into a judging and a
scoring stage); a file goes here when it tests one answer against one gold.
"""
