"""Tests of locating a quoted span in a document (``fincalc._locating``)."""
