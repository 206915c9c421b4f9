"""Locating quotes: layout normalisation with its offset map, and the locator."""
