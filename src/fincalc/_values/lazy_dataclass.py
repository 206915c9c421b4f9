"""Frozen slotted dataclasses that do not import ``dataclasses`` until someone asks.

``Quantity`` and ``UnitContext`` are public dataclasses (users call
``dataclasses.replace``, ``fields``, ``asdict`` on them, and pydantic reads
their fields), and both are made on the way to the first ``parse_quantity``.
Importing ``dataclasses`` costs ~5 ms in a fresh interpreter (it imports
``inspect``, ``ast``, ``dis``, ``tokenize``, ``copy``): a quarter of issue 18's
20 ms cold-start budget, paid only to define two classes.

``frozen_dataclass(frozen=True, slots=True)`` makes the same class that
``@dataclass(frozen=True, slots=True)`` makes on Python 3.11, from the same
class body (annotated fields with their defaults, a hand-written ``__init__``
that takes exactly those fields, and ``__post_init__`` for validation), without
generating code:

- a new class with ``__slots__`` of the field names (the defaults leave the
  class dict, as ``dataclasses._add_slots`` removes them);
- ``__eq__`` (same class, equal field tuples), ``__hash__`` (hash of the field
  tuple), ``__repr__`` (unless the body writes one), ``__match_args__``;
- ``__setattr__``/``__delattr__`` raising ``dataclasses.FrozenInstanceError``
  with the dataclass's messages (``dataclasses`` is imported on that error
  path only);
- ``__getstate__``/``__setstate__`` with the dataclass's state (the list of
  field values), so pickles are byte-identical both ways;
- ``__dataclass_fields__`` and ``__dataclass_params__`` as lazy class
  attributes: the first access imports ``dataclasses``, takes the ``Field``
  objects and parameters of a shadow class that ``dataclasses.make_dataclass``
  builds from the same fields, types and defaults, and caches them on the
  class.  ``is_dataclass``, ``fields``, ``replace`` (through ``__init__``, so
  validation runs again), ``asdict``, ``astuple`` and pydantic then see a
  dataclass.

The class body is the one source of truth for the fields: the annotations give
names, order and types, the class attributes the defaults, and decoration
raises ``TypeError`` if ``__init__``'s parameters (names, order, defaults) are
not exactly the fields.  Type checkers see ``dataclasses.dataclass`` itself
(``frozen_dataclass`` is that name under ``TYPE_CHECKING``), so mypy's
dataclass plugin checks constructor calls and ``dataclasses.replace``.

One difference, on purpose: assigning a name that is *not* a field raises
``FrozenInstanceError`` too, where Python 3.11's slotted frozen dataclass
raises a ``TypeError`` from ``super()`` (its ``__setattr__`` closes over the
class it replaced).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["frozen_dataclass", "make_frozen_dataclass"]

_T = TypeVar("_T")
_MISSING: Any = object()
_LAZY_ATTRIBUTES = ("__dataclass_fields__", "__dataclass_params__")


def _frozen_error(message: str) -> AttributeError:
    from dataclasses import FrozenInstanceError  # (only this error path needs the module)

    return FrozenInstanceError(message)


class _LazyDataclassAttribute:
    """``__dataclass_fields__`` / ``__dataclass_params__``: built on first access, then cached."""

    __slots__ = ("defaults", "home", "name")

    def __init__(self, home: type, name: str, defaults: dict[str, Any]) -> None:
        self.home = home
        self.name = name
        self.defaults = defaults

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        fields, params = _shadow_attributes(self.home, self.defaults)
        # replace both descriptors on the class: later reads are plain class attributes
        type.__setattr__(self.home, "__dataclass_fields__", fields)
        type.__setattr__(self.home, "__dataclass_params__", params)
        return fields if self.name == "__dataclass_fields__" else params


def _shadow_attributes(cls: type, defaults: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The ``Field`` objects and parameters ``@dataclass(frozen=True, slots=True)`` gives ``cls``.

    The types are the class's annotations as they are now (``public`` resolves
    them to objects after decoration, as it does for a dataclass's fields).
    """
    import dataclasses  # (the lazy part: first access to the dataclass attributes)

    # (the class's own dict, which ``public`` resolved in place)
    annotations: dict[str, Any] = cls.__dict__["__annotations__"]  # noqa: RUF063
    spec: list[tuple[str, Any] | tuple[str, Any, Any]] = [
        (name, annotations[name])
        if name not in defaults
        else (name, annotations[name], dataclasses.field(default=defaults[name]))
        for name in cls.__dict__["__match_args__"]
    ]
    shadow: Any = dataclasses.make_dataclass(cls.__name__, spec, frozen=True, slots=True)
    return dict(shadow.__dataclass_fields__), shadow.__dataclass_params__


def _check_init(cls: type, names: tuple[str, ...], defaults: dict[str, Any]) -> None:
    """Raise ``TypeError`` unless ``cls.__init__`` takes exactly the fields, with their defaults."""
    init: Any = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    if code is None:
        raise TypeError(f"{cls.__qualname__}: write __init__({', '.join(names)}) in the class")
    parameters = code.co_varnames[1 : code.co_argcount]
    init_defaults = dict(zip(parameters[::-1], (init.__defaults__ or ())[::-1], strict=False))
    if (
        parameters != names
        or code.co_kwonlyargcount
        or init_defaults.keys() != defaults.keys()
        or any(not _same(init_defaults[name], defaults[name]) for name in defaults)
    ):
        raise TypeError(
            f"{cls.__qualname__}.__init__ takes {parameters!r} with defaults {init_defaults!r}; "
            f"the fields are {names!r} with defaults {defaults!r}: make them the same"
        )


def _same(a: object, b: object) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _named(cls: type, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` renamed as a method of ``cls``, as dataclasses names what it generates."""
    function.__qualname__ = f"{cls.__qualname__}.{function.__name__}"
    function.__module__ = cls.__module__
    return function


def _methods(cls: type, names: tuple[str, ...]) -> dict[str, Callable[..., Any]]:
    """What ``@dataclass(frozen=True, slots=True)`` adds, as closures (no generated code)."""
    # the field tuple, read in C (attrgetter of one name returns the value, not a 1-tuple)
    values: Callable[[Any], Any] = (
        operator.attrgetter(*names) if len(names) > 1 else (lambda self: (getattr(self, names[0]),))
    )

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(values(self) == values(other))
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(values(self))

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self: Any, name: str, value: object) -> None:
        raise _frozen_error(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise _frozen_error(f"cannot delete field {name!r}")

    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=False):
            object.__setattr__(self, name, value)

    made = (__eq__, __hash__, __repr__, __setattr__, __delattr__, __getstate__, __setstate__)
    return {function.__name__: _named(cls, function) for function in made}


def make_frozen_dataclass(cls: type[_T]) -> type[_T]:
    """Return ``cls`` remade as ``@dataclass(frozen=True, slots=True)`` would, lazily (see module).

    >>> class Pair:
    ...     a: int
    ...     b: int = 0
    ...     def __init__(self, a: int, b: int = 0) -> None:
    ...         object.__setattr__(self, "a", a)
    ...         object.__setattr__(self, "b", b)
    >>> Pair = make_frozen_dataclass(Pair)
    >>> Pair(1), Pair(1) == Pair(1, 0), Pair.__slots__
    (Pair(a=1, b=0), True, ('a', 'b'))
    >>> import dataclasses
    >>> [f.name for f in dataclasses.fields(Pair)], dataclasses.replace(Pair(1), b=2)
    (['a', 'b'], Pair(a=1, b=2))
    """
    own = dict(cls.__dict__)
    if "__slots__" in own:
        raise TypeError(f"{cls.__name__} already specifies __slots__")
    annotations: dict[str, Any] = own.get("__annotations__", {})
    names = tuple(annotations)
    if not names:
        raise TypeError(f"{cls.__name__} declares no fields")
    defaults = {name: own.pop(name) for name in names if name in own}
    _check_init(cls, names, defaults)
    own.pop("__dict__", None)
    own.pop("__weakref__", None)
    own["__slots__"] = names
    own["__match_args__"] = names
    for name, method in _methods(cls, names).items():
        if name != "__repr__" or "__repr__" not in own:
            own[name] = method
    metaclass: Any = type(cls)
    made: type[_T] = metaclass(cls.__name__, cls.__bases__, own)
    made.__qualname__ = cls.__qualname__
    own["__init__"].__annotations__["return"] = None  # (as the generated __init__ says)
    for attribute in _LAZY_ATTRIBUTES:
        type.__setattr__(made, attribute, _LazyDataclassAttribute(made, attribute, defaults))
    return made


if TYPE_CHECKING:
    from dataclasses import dataclass as frozen_dataclass
else:

    def frozen_dataclass(*, frozen: bool, slots: bool) -> Callable[[type[_T]], type[_T]]:
        """``@dataclass(frozen=True, slots=True)``, importing ``dataclasses`` late (see module)."""
        if not (frozen and slots):
            raise TypeError("frozen_dataclass makes frozen slotted classes only")
        return make_frozen_dataclass
