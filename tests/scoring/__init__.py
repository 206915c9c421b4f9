"""Tests of scoring many answers: ``evaluate``, reports, retrieval metrics, batch runs.

The scoring half of ``fincalc._evaluating``; a file goes here when it tests a
run over many cases.
"""
