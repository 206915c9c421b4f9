"""Locating quotes: layout normalisation with its offset map, and the locator.

Modules, bottom to top (each imports only modules listed before it):

- ``limits``: the documented limits that bound every ``locate`` call.
- ``layout``: layout normalisation, with a map back to original offsets.
- ``align``: edit-distance alignment (Myers' bit-parallel scan).
- ``rejected``: what ``locate`` says when it refuses, the best rejected
  candidate and the errors.
- ``kept``: what a located span must keep (whole numbers, scales, period
  words).
- ``rows``: table rows quoted without their layout.
- ``seeds``: where the later stages look, windows seeded by the quote's
  numbers or pieces.
- ``search``: stages 1 and 2, exact and layout-normalised search.
- ``fuzzy``: stage 3, the fuzzy match that never changes a number.
- ``locate``: ``locate`` and ``Span``, a model's verbatim quote found in its
  source document.
"""
