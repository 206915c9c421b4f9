"""Private records that cost nothing to define: slotted classes with their methods inherited.

``@dataclass`` writes each class's methods as source text and compiles it
(~0.3-0.6 ms a class), and a fresh interpreter pays that for every record on
the way to its first ``parse_quantity`` (issue 18).  The reader's private
records subclass these two bases instead: a class lists its ``__slots__``,
writes its ``__init__`` and names, in ``_fields``, the fields that make its
value (in the order of its constructor's parameters).  Equality (same class,
equal fields), ``repr`` and, for ``FrozenRecord``, hashing, immutability and
pickling come from the base, as ``@dataclass(frozen=True, slots=True)`` gave
them.  Public types stay dataclasses (users call ``dataclasses.replace`` on
them): those on the first parse's path, ``Quantity`` and ``UnitContext``, are
made by ``lazy_dataclass.frozen_dataclass``, which defers ``dataclasses`` too.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, ClassVar

__all__ = ["FrozenRecord", "MutableRecord"]


class _Record:
    __slots__ = ()
    #: The fields that make the record's value, in the constructor's order.
    _fields: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Callable[[Any], Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls._fields
        if len(fields) > 1:  # (attrgetter of two or more names returns a tuple, read in C)
            cls._values = operator.attrgetter(*fields)
        elif fields:
            cls._values = lambda record: (getattr(record, fields[0]),)

    def astuple(self) -> tuple[Any, ...]:
        """The record's fields, in the constructor's order."""
        return tuple(type(self)._values(self))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(type(self)._values(self) == type(self)._values(other))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{self.__class__.__qualname__}({shown})"


class MutableRecord(_Record):
    """A record whose fields the reader fills in as it goes (unhashable, as it is mutable).

    >>> class Pair(MutableRecord):
    ...     __slots__ = ("a", "b")
    ...     _fields = ("a", "b")
    ...     def __init__(self, a: int, b: int) -> None:
    ...         self.a, self.b = a, b
    >>> p = Pair(1, 2)
    >>> p.b = 3
    >>> p, p == Pair(1, 3), p == Pair(1, 2)
    (Pair(a=1, b=3), True, False)
    """

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


class FrozenRecord(_Record):
    """An immutable record: equal and hashable by its ``_fields``, pickled through its constructor.

    ``__init__`` sets the fields with ``object.__setattr__``; afterwards any
    assignment raises ``AttributeError``.

    >>> class Spec(FrozenRecord):
    ...     __slots__ = ("name", "size")
    ...     _fields = ("name", "size")
    ...     def __init__(self, name: str, size: int) -> None:
    ...         object.__setattr__(self, "name", name)
    ...         object.__setattr__(self, "size", size)
    >>> s = Spec("a", 1)
    >>> s == Spec("a", 1), hash(s) == hash(Spec("a", 1)), s
    (True, True, Spec(name='a', size=1))
    >>> s.size = 2
    Traceback (most recent call last):
    ...
    AttributeError: cannot assign to field 'size' of Spec: it is immutable
    """

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(type(self)._values(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"cannot assign to field {name!r} of {self.__class__.__qualname__}: it is immutable"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(
            f"cannot delete field {name!r} of {self.__class__.__qualname__}: it is immutable"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # the constructor's parameters are ``_fields``, in order
        return (self.__class__, tuple(getattr(self, name) for name in self._fields))
