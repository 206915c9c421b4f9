"""fincalc's tests, one package per stage, bottom to top.

``values``, ``reading``, ``locating``, ``grounding``, ``computing``, ``judging``,
``scoring``, then ``integrations`` and ``public``; shared data lives in ``tests/data``.
"""
