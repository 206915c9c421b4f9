"""Tests of scoring many answers: ``evaluate``, reports, retrieval metrics, batch runs.

The tests of ``fincalc._scoring``; a file goes here when it tests a
run over many cases.
"""
