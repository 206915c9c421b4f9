"""Judging: one answer against its expected value."""
