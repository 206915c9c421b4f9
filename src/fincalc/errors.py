"""The public exception tree (also re-exported from ``fincalc``).

>>> from fincalc.errors import FincalcError, ParseError
>>> issubclass(ParseError, FincalcError) and issubclass(FincalcError, ValueError)
True
"""

from ._base import exceptions as _errors
from ._base.exceptions import *  # noqa: F403  (the names are listed once, in _base/exceptions.py)

__all__: list[str] = []
__all__ += _errors.__all__
