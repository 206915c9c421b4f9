"""The exception tree: one root, builtin-compatible leaves, picklable with fields."""

from __future__ import annotations

import pickle

import pytest

import fincalc.errors as errors
from fincalc.errors import FincalcError

LEAVES = [getattr(errors, name) for name in errors.__all__ if name != "FincalcError"]


def test_every_public_error_is_a_fincalc_error_and_a_value_error() -> None:
    assert LEAVES
    for cls in LEAVES:
        assert issubclass(cls, FincalcError), cls
        assert issubclass(cls, ValueError), cls
        assert cls.__name__.endswith("Error")


def test_lookup_style_errors_are_lookup_errors() -> None:
    for cls in (errors.QuoteNotFoundError, errors.AmbiguousQuoteError, errors.UnknownUnitError):
        assert issubclass(cls, LookupError)


def test_error_module_matches_fincalc_exports() -> None:
    import fincalc

    for name in errors.__all__:
        assert getattr(fincalc, name) is getattr(errors, name)


def _sample_fields(cls: type[FincalcError]) -> dict[str, object]:
    samples: dict[str, object] = {}
    for index, name in enumerate(sorted(cls._field_names)):
        samples[name] = f"{name}-{index}" if index % 2 else (index, name)
    return samples


@pytest.mark.parametrize("cls", [FincalcError, *LEAVES], ids=lambda c: c.__name__)
def test_pickle_round_trip_keeps_message_and_fields(cls: type[FincalcError]) -> None:
    fields = _sample_fields(cls)
    err = cls(f"{cls.__name__}: something specific went wrong at 'x'", **fields)
    copy = pickle.loads(pickle.dumps(err))
    assert type(copy) is cls
    assert str(copy) == str(err)
    assert copy.fields == err.fields
    assert copy.args == err.args
    for name, value in fields.items():
        assert getattr(copy, name) == value


def test_unset_fields_default_to_none_or_empty() -> None:
    err = errors.AmbiguousQuoteError("twice")
    assert err.quote is None
    assert err.offsets == ()


def test_unknown_field_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="no field"):
        errors.ParseError("x", txt="typo")


def test_catching_the_root_catches_every_leaf() -> None:
    with pytest.raises(FincalcError) as info:
        raise errors.MissingUnitError("bare number '87,432'", number="87,432")
    assert info.value.number == "87,432"
    assert "87,432" in str(info.value)


def test_public_error_module_lists_every_leaf() -> None:
    from fincalc._base import exceptions as _errors

    assert sorted(errors.__all__) == sorted(_errors.__all__)
    assert errors.__all__ == sorted(errors.__all__)
