"""Tests of judging one answer: ``check_answer``, ``check_quantities``, ``unsupported_numbers``.

The tests of ``fincalc._judging``; a file goes here when it tests one answer against one gold.
"""
