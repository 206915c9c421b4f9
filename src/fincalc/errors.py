"""The public exception tree (also re-exported from ``fincalc``).

>>> from fincalc.errors import FincalcError, ParseError
>>> issubclass(ParseError, FincalcError) and issubclass(FincalcError, ValueError)
True
"""

from ._values import errors as _errors
from ._values.errors import *  # noqa: F403  (the names are listed once, in _values/errors.py)

__all__: list[str] = []
__all__ += _errors.__all__
