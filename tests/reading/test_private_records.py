"""The private records are dataclasses with slots, one way for every record (issue 29).

Frozen where they are values (equal, hashable, immutable, picklable), mutable
where the reader fills them in as it goes.  Here: round trips, value equality
and the fields each record compares, on the real records, and a scan of
``src`` that no record is declared another way (a hand-written slotted base,
``NamedTuple``, a hand-made dataclass).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
from decimal import Decimal
from pathlib import Path
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
    assert tuple(getattr(spec, f.name) for f in dataclasses.fields(spec) if f.init) == args
    assert dataclasses.replace(spec, multiplier=Decimal("1E+3")).exponent == 3
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
def test_a_frozen_record_refuses_assignment(record: Any) -> None:
    name = dataclasses.fields(record)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign"):
        setattr(record, name, None)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete"):
        delattr(record, name)
    assert not hasattr(record, "__dict__")
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
    for item in dataclasses.fields(grammar):
        name, value = item.name, getattr(grammar, item.name)
        if name == "scan" or name == "table_gap":
            assert getattr(again, name) == value
        elif not hasattr(value, "starting_at"):  # (alias indexes compare by identity)
            assert getattr(again, name) == value, name


_SRC = Path(__file__).resolve().parents[2] / "src" / "fincalc"
#: Pydantic models: the one exception, at the edges where input is validated
#: (docs/design.md, "Records").
_PYDANTIC_HOMES = {
    "_computing/audit.py",
    "_scoring/inputs.py",
    "_grounding/claims.py",
    "_reading/table_schema.py",
    "integrations/_tools.py",
    "integrations/instructor.py",
}


#: Public results that are tuples by contract: callers unpack them
#: (``period, basis = parse_period(text)``), so they stay ``NamedTuple``s.
_PUBLIC_TUPLES = {"_values/period.py": "ParsedPeriod", "_scoring/inputs.py": "Sample"}


#: Dataclasses without slots, and why (module: class names).
_UNSLOTTED = {
    # caches a parsed table with functools.cached_property, which needs a __dict__
    "_grounding/documents.py": {"Document"},
    # public report types: attributes users may have set on them stay settable
    "_scoring/eval_report.py": {"EvalReport", "ReportComparison"},
    "testing.py": {"PageClaim", "StatementPage"},
    # framework adapters: NumericMatch subclasses Ragas' metric class
    "integrations/_tools.py": {"ToolCore"},
    "integrations/ragas.py": {"_Judge", "NumericMatch"},
}


def _slots_declared(decorator: ast.expr) -> bool | None:
    """For a ``@dataclass``/``@dataclass(...)`` decorator, whether it says slots=True."""
    call = decorator if isinstance(decorator, ast.Call) else None
    name = ast.unparse(call.func if call else decorator)
    if name not in ("dataclass", "dataclasses.dataclass"):
        return None
    return call is not None and any(
        k.arg == "slots" and ast.unparse(k.value) == "True" for k in call.keywords
    )


def _record_declarations() -> list[str]:
    """Each class in ``src`` declared as a record some other way than ``@dataclass``."""
    found = []
    for path in sorted(_SRC.rglob("*.py")):
        where = path.relative_to(_SRC).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            imported = isinstance(node, ast.ImportFrom) and any(
                alias.name == "NamedTuple" for alias in node.names
            )
            if imported and where not in _PUBLIC_TUPLES:
                found.append(f"{where}: imports NamedTuple")
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(base) for base in node.bases}
            slotted = [_slots_declared(d) for d in node.decorator_list]
            if False in slotted and node.name not in _UNSLOTTED.get(where, ()):
                found.append(f"{where}: {node.name} is a dataclass without slots=True")
            if _PUBLIC_TUPLES.get(where) == node.name:
                continue
            if bases & {"NamedTuple", "typing.NamedTuple", "FrozenRecord", "MutableRecord"}:
                found.append(f"{where}: {node.name}({', '.join(sorted(bases))})")
            if "BaseModel" in bases and where not in _PYDANTIC_HOMES:
                found.append(f"{where}: {node.name} is a pydantic model outside the edges")
    for name in ("lazy_dataclass", "records", "stored_patterns"):
        if (_SRC / "_values" / f"{name}.py").exists():
            found.append(f"_values/{name}.py exists")
    return found


def test_every_record_is_declared_one_way() -> None:
    assert _record_declarations() == []
