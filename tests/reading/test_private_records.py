"""The reader's private records behave as the dataclasses they replaced (issue 18 cold start).

``FrozenRecord`` and ``MutableRecord`` (``fincalc._values.records``) give equality,
hashing, ``repr``, immutability and pickling from ``_fields``; here: round trips,
value equality and the fields each record compares, on the real records.
"""

from __future__ import annotations

import copy
import pickle
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fincalc import UnitTable
from fincalc._reading.after_number import After
from fincalc._reading.classify import NO_MARKERS, Markers
from fincalc._reading.grammar import grammar_for
from fincalc._reading.scan import Core
from fincalc._reading.unit_table import ScaleSpec, SuffixSpec
from fincalc._values.dimensions import DimensionInfo, dimension_info
from fincalc._values.records import FrozenRecord

_texts = st.text(max_size=8)
_decimals = st.decimals(allow_nan=False, allow_infinity=False, places=4, max_value=10**12)
_suffix_args = st.tuples(
    st.sampled_from(["currency", "unit"]),
    _texts,
    _texts,
    _decimals,
    st.booleans(),
    st.booleans(),
    st.booleans(),
    _texts,
    st.booleans(),
)


@given(args=_suffix_args)
def test_a_suffix_spec_round_trips_and_is_equal_by_its_fields(args: tuple[Any, ...]) -> None:
    spec = SuffixSpec(*args)
    for again in (pickle.loads(pickle.dumps(spec)), copy.copy(spec), copy.deepcopy(spec)):
        assert again == spec
        assert hash(again) == hash(spec)
        assert again.exponent == spec.exponent
    assert spec.astuple() == args
    assert repr(spec).startswith("SuffixSpec(kind=")


@given(a=_suffix_args, b=_suffix_args)
def test_records_are_equal_exactly_when_their_fields_are(
    a: tuple[Any, ...], b: tuple[Any, ...]
) -> None:
    assert (SuffixSpec(*a) == SuffixSpec(*b)) == (a == b)
    assert (ScaleSpec(a[1], a[3], a[4]) == ScaleSpec(b[1], b[3], b[4])) == (
        (a[1], a[3], a[4]) == (b[1], b[3], b[4])
    )


def test_the_exponent_is_derived_and_not_compared() -> None:
    spec = ScaleSpec("亿", Decimal("1E+8"), False)
    assert spec.exponent == 8
    assert spec == ScaleSpec("亿", Decimal("1E+8"), False)
    assert ScaleSpec("x", Decimal(100), True).exponent is None
    assert "exponent" not in repr(spec)


@pytest.mark.parametrize(
    "record",
    [
        ScaleSpec("万", Decimal("1E+4"), False),
        SuffixSpec("currency", "CNY", "CNY", Decimal(1), True, False, False, ""),
        DimensionInfo("TONNES", "physical", True, ("tonne", "tonnes"), "吨"),
        NO_MARKERS,
    ],
)
def test_a_frozen_record_refuses_assignment(record: FrozenRecord) -> None:
    name = record._fields[0]
    with pytest.raises(AttributeError, match="immutable"):
        setattr(record, name, None)
    with pytest.raises(AttributeError, match="immutable"):
        delattr(record, name)
    assert pickle.loads(pickle.dumps(record)) == record


def test_frozen_records_are_keys_and_mutable_ones_are_not() -> None:
    assert {Markers(True, False): 1}[Markers(True, False)] == 1
    assert dimension_info("USD") == DimensionInfo("USD", "money", True)
    core = Core(0, 3, "8.7", "8.7", None, "")
    with pytest.raises(TypeError):
        hash(core)
    after = After(3, 3, False, None, None, None, None, None, "")
    after.end = 4  # filled in as the reader goes
    assert after == After(4, 3, False, None, None, None, None, None, "")
    assert after.fraction is None


def test_the_default_grammar_pickles_field_for_field() -> None:
    grammar = grammar_for(UnitTable.default(), None)
    again = pickle.loads(pickle.dumps(grammar))
    for name in grammar._fields:
        value = getattr(grammar, name)
        if name == "scan" or name == "table_gap":
            assert getattr(again, name) == value
        elif not hasattr(value, "starting_at"):  # (alias indexes compare by identity)
            assert getattr(again, name) == value, name
