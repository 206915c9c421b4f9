"""Tests of grounding a claim in a document (``fincalc._grounding``).

Resolve, pages, statement layouts, signs, claims and their verification.
"""
