"""Give public objects their public home, so reprs and tracebacks show ``fincalc.X``.

The implementation lives in private subpackages; users import from
``fincalc``.  As httpx does, every exported object's ``__module__`` is the
public path, so ``repr(Quantity)`` is ``<class 'fincalc.Quantity'>`` and a
traceback ends in ``fincalc.ParseError``, never in a private module.  Pickle
and ``copy`` resolve the object through ``fincalc`` (whose lazy loader serves
it).  A class's own methods move with it, so that doctest finds their
examples under ``fincalc`` too (the test suite loads every public name before
collection: see the root ``conftest.py``).

Type hints are resolved in the defining module before the move, because
``typing.get_type_hints`` and pydantic look names up in the namespace of
``__module__``, and ``fincalc``'s lazy namespace does not hold ``Decimal``.
"""

from __future__ import annotations

import functools
import sys
import typing
from types import CodeType
from typing import Any, TypeVar

__all__ = ["PUBLIC_MODULE", "public"]

PUBLIC_MODULE = "fincalc"

_T = TypeVar("_T")


def _functions_of(member: Any) -> tuple[Any, ...]:
    if isinstance(member, (staticmethod, classmethod)):
        return (member.__func__,)
    if isinstance(member, property):
        return (member.fget, member.fset, member.fdel)
    if isinstance(member, functools.cached_property):
        return (member.func,)
    return (member,)


#: Each annotation's text compiled once (the error classes repeat ``str | None`` ~40 times).
_COMPILED: dict[str, CodeType] = {}


def _own_hints(cls: type, own: dict[str, Any]) -> dict[str, Any]:
    """``typing.get_type_hints(cls)`` for the names ``cls`` itself annotates.

    The bases' annotations were resolved when they were made public, so only
    the class's own need evaluating: each text is evaluated as
    ``get_type_hints`` evaluates a class's annotations (the defining module's
    names first, then the class's, then builtins), and ``None`` means
    ``NoneType``.  Anything else (a text that quotes a name inside it,
    "list['Quantity']", or the ``ForwardRef`` objects ``NamedTuple`` makes)
    takes ``get_type_hints`` itself, with its rules for nested references.
    """
    if not all(_plain(value) for value in own.values()):
        hints = typing.get_type_hints(cls, include_extras=True)
        return {name: hints[name] for name in own}
    module = sys.modules.get(cls.__module__)
    names = dict(vars(cls))
    module_names = vars(module) if module is not None else {}
    resolved = {}
    for name, value in own.items():
        if isinstance(value, str):
            code = _COMPILED.get(value)
            if code is None:
                code = _COMPILED[value] = compile(value, "<annotation>", "eval")
            # (our own annotation text, as get_type_hints would evaluate it)
            value = eval(code, names, module_names)  # noqa: S307
        resolved[name] = type(None) if value is None else value
    return resolved


def _plain(annotation: object) -> bool:
    """Annotation text without nested quotes, ``None`` or a class: what ``_own_hints`` evaluates."""
    if isinstance(annotation, str):
        return "'" not in annotation and '"' not in annotation
    return annotation is None or isinstance(annotation, type)


def _resolve_annotations(cls: type) -> None:
    # the class's own dict, mutated in place (inspect.get_annotations returns a copy)
    own = cls.__dict__.get("__annotations__")  # noqa: RUF063
    if not own:
        return
    hints = _own_hints(cls, own)
    for name in own:
        own[name] = hints[name]
    # (a dataclass's own fields carry the annotations they were made from)
    fields = cls.__dict__.get("__dataclass_fields__")
    for dataclass_field in fields.values() if isinstance(fields, dict) else ():
        dataclass_field.type = hints.get(dataclass_field.name, dataclass_field.type)


def public(obj: _T) -> _T:
    """Set ``obj.__module__`` (and its methods') to ``"fincalc"``; return ``obj``.

    >>> @public
    ... class Example:
    ...     def method(self) -> None: ...
    >>> Example.__module__, Example.method.__module__
    ('fincalc', 'fincalc')
    """
    home = getattr(obj, "__module__", None)
    if isinstance(obj, type):
        _resolve_annotations(obj)
        for member in vars(obj).values():
            for function in _functions_of(member):
                if callable(function) and getattr(function, "__module__", None) == home:
                    function.__module__ = PUBLIC_MODULE
    obj.__module__ = PUBLIC_MODULE
    return obj
