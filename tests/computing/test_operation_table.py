"""The operation table: one entry per operation, read by every place that names one (#29).

``_computing/operations.py`` holds, for each operation, its replay, its
record's shape, its expression and its sentence kind. These tests keep the
other lists of operation names (the ``Operation`` literal, the public
functions, the docs' rules table, the sentence templates) equal to it, and
check each entry against the stored records of ``tests/data/computations.jsonl``
(one or more per operation, written by earlier versions, never regenerated).
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fincalc
from fincalc import Computation, InvalidRecordError
from fincalc._computing import render as render_module
from fincalc._computing.operations import (
    OPERATIONS,
    entry,
    expression_of,
    input_terms,
    is_unordered,
    letters,
    rerun,
)
from fincalc._computing.outcome import Operation

ROOT = Path(__file__).resolve().parents[2]
STORED = Path(__file__).resolve().parents[1] / "data" / "computations.jsonl"


@cache
def stored() -> tuple[tuple[str, Computation], ...]:
    rows = [json.loads(line) for line in STORED.read_text(encoding="utf-8").splitlines()]
    return tuple((row["id"], Computation.from_dict(row["record"])) for row in rows)


def _public_name(operation: str) -> str:
    """The public function of an operation: its name, or ``abs_`` (``abs`` is a builtin)."""
    return "abs_" if operation == "abs" else operation


def test_the_literal_lists_the_tables_names_in_its_order() -> None:
    assert list(get_args(Operation)) == list(OPERATIONS)


def test_each_entry_is_filed_under_its_own_name() -> None:
    assert all(name == item.name for name, item in OPERATIONS.items())


@pytest.mark.parametrize("operation", list(OPERATIONS))
def test_every_operation_has_a_public_function(operation: str) -> None:
    name = _public_name(operation)
    assert name in fincalc.__all__
    assert callable(getattr(fincalc, name))


@pytest.mark.parametrize("operation", list(OPERATIONS))
def test_every_operation_is_in_the_docs_rules_table(operation: str) -> None:
    docs = (ROOT / "docs" / "computing.md").read_text(encoding="utf-8")
    name = re.escape(_public_name(operation))
    assert re.search(rf"^\|[^\n|]*`{name}\(", docs, re.MULTILINE)


def test_every_operation_has_a_stored_record() -> None:
    assert {record.operation for _, record in stored()} == set(OPERATIONS)


@pytest.mark.parametrize("locale", ["zh_CN", "en_US"])
def test_every_sentence_kind_has_a_template(locale: str) -> None:
    templates = {
        kind for kind, s in render_module._SENTENCES.items() if s.template(locale, flat=False)
    }
    fixed = {item.sentence for item in OPERATIONS.values() if isinstance(item.sentence, str)}
    chosen = {entry(record).sentence_kind(record) for _, record in stored()}
    assert fixed | chosen <= set(templates)


@pytest.mark.parametrize(("row_id", "record"), stored(), ids=[row_id for row_id, _ in stored()])
def test_stored_records_replay_through_their_entry(row_id: str, record: Computation) -> None:
    again = rerun(record)
    assert (again.operation, again.result, again.display) == (
        record.operation,
        record.result,
        record.display,
    ), row_id
    low, high = entry(record).input_counts(record)
    assert low <= len(record.inputs) <= high
    expression = expression_of(record)
    assert expression != record.operation  # the entry wrote it, not the fallback
    assert "?" not in expression  # every letter it names is an input
    assert set(re.findall(r"\b[a-z]\b", expression)) <= set(letters(len(record.inputs)))


def test_only_formulas_hash_terms_with_their_inputs() -> None:
    with_terms = {record.operation for _, record in stored() if input_terms(record)}
    assert with_terms == {"combine", "formula"}


def test_unordered_operations_take_a_set_of_inputs() -> None:
    unordered = {name for name in OPERATIONS if is_unordered(name)}
    assert unordered == {"add", "average", "combine", "formula"}
    assert not is_unordered("no_such_operation")


@given(name=st.text(min_size=1, max_size=20).filter(lambda name: name not in OPERATIONS))
def test_an_unknown_operation_is_refused_with_the_known_ones(name: str) -> None:
    record = SimpleNamespace(operation=name, inputs=(), formula=None, signs=None)
    with pytest.raises(InvalidRecordError, match="which fincalc does not have") as info:
        rerun(record)  # type: ignore[arg-type]
    assert "yoy" in str(info.value)
    assert expression_of(record) == name  # type: ignore[arg-type]
    assert input_terms(record) == []  # type: ignore[arg-type]


def test_a_replay_with_the_wrong_number_of_inputs_is_refused() -> None:
    yoy_record = next(record for _, record in stored() if record.operation == "yoy")
    short = SimpleNamespace(
        operation="yoy",
        inputs=yoy_record.inputs[:1],
        target=yoy_record.target,
        calendar=None,
        rounding=yoy_record.rounding,
        factor=Decimal(1),
    )
    with pytest.raises(fincalc.InvalidInputError, match="yoy takes exactly 2 inputs"):
        rerun(short)  # type: ignore[arg-type]


# -- the preamble every rule shares (checks.check_inputs) ---------------------------

_TWO_FACT_OPERATIONS = {
    "sub": fincalc.sub,
    "yoy": fincalc.yoy,
    "qoq": fincalc.qoq,
    "cagr": fincalc.cagr,
    "change_over": fincalc.change_over,
    "share": fincalc.share,
    "multiple_of": fincalc.multiple_of,
    "prior_level": fincalc.prior_level,
    "growth_from_change": fincalc.growth_from_change,
    "level_from_change": fincalc.level_from_change,
}
# (id, metric, entity, period, value, dimension, source)
_PREAMBLE_FACTS = [
    ("zh-revenue", "营业收入", "华东区", "2025Q3", "8.7E+8", "CNY", "Chinese quarterly report"),
    ("zh-output", "钢材产量", "公司", "2024年", "540", "TONNES", "Chinese production bulletin"),
    ("en-revenue", "Net sales", "Acme Inc.", "FY2024", "1204", "USD", "10-K income statement"),
    ("en-headcount", "Employees", "Acme Inc.", "FY2024", "312", "PERSONS", "10-K human capital"),
]


def _fact(row: tuple[str, str, str, str, str, str, str], **changes: str) -> fincalc.Fact:
    _, metric, entity, period, value, dimension, _source = row
    fields = {
        "metric": metric,
        "entity": entity,
        "period": period,
        "dimension": dimension,
        "evidence_id": row[0],
    }
    fields.update(changes)
    return fincalc.Fact.build(value, **fields)


@pytest.mark.parametrize("operation", sorted(_TWO_FACT_OPERATIONS))
@pytest.mark.parametrize("row", _PREAMBLE_FACTS, ids=[row[0] for row in _PREAMBLE_FACTS])
def test_the_preamble_refuses_in_one_order(
    operation: str, row: tuple[str, str, str, str, str, str, str]
) -> None:
    run = _TWO_FACT_OPERATIONS[operation]
    fact = _fact(row)
    other = _fact(_PREAMBLE_FACTS[(_PREAMBLE_FACTS.index(row) + 1) % len(_PREAMBLE_FACTS)])
    # a non-Fact is named first, whatever else is wrong
    with pytest.raises(fincalc.InvalidInputError, match=r"must be a Fact, got str"):
        run(fact, "8.7亿", calendar="october")
    # then the calendar, before the inputs are compared
    with pytest.raises(fincalc.InvalidInputError, match="calendar must be a FiscalCalendar"):
        run(fact, other, calendar="october")
    # then, with a good calendar, two dimensions are never combined
    with pytest.raises((fincalc.DimensionMismatchError, fincalc.CaliberMismatchError)):
        run(fact, other)


# -- every record an operation writes goes through its entry alike ------------------

_PERIOD_PAIRS = [
    ("2025Q3", "2024Q3", "Chinese quarterly report, year on year"),
    ("2025Q3", "2025Q2", "Chinese quarterly report, quarter on quarter"),
    ("FY2024", "FY2023", "10-K, fiscal years"),
    ("2024年", "2021年", "Chinese statistical bulletin, three years"),
    ("2024-12-31", "2023-12-31", "balance sheet dates"),
]
_SUBJECTS = [
    ("营业收入", "华东区", "CNY", "Chinese segment note"),
    ("Net sales", "Acme Inc.", "USD", "10-K income statement"),
    ("钢材产量", "公司", "TONNES", "Chinese production bulletin"),
]
_PAIR_CALLS = [
    "sub",
    "yoy",
    "qoq",
    "cagr",
    "change_over",
    "share",
    "multiple_of",
    "average",
    "add",
    "prior_level",
    "growth_from_change",
    "level_from_change",
]
_values = st.decimals(min_value=1, max_value=10**12, places=2, allow_nan=False)


@settings(max_examples=300)  # about a third of the draws are records, the rest refusals
@given(
    call=st.sampled_from(_PAIR_CALLS),
    periods=st.sampled_from(_PERIOD_PAIRS),
    subject=st.sampled_from(_SUBJECTS),
    values=st.tuples(_values, _values),
    other_entity=st.booleans(),
    change=st.booleans(),
)
def test_every_record_replays_reads_and_explains_through_its_entry(
    call: str,
    periods: tuple[str, str, str],
    subject: tuple[str, str, str, str],
    values: tuple[Decimal, Decimal],
    other_entity: bool,
    change: bool,
) -> None:
    metric, entity, dimension, _source = subject
    now, before, _ = periods
    first = fincalc.Fact.build(
        values[0],
        metric=metric,
        entity=entity,
        period=now,
        dimension=dimension,
        evidence_id="a",
        page=3,
    )
    second = fincalc.Fact.build(
        values[1],
        metric=metric,
        entity=f"{entity}（子公司）" if other_entity else entity,
        period=now if change or other_entity else before,
        dimension=dimension,
        role="change" if change else "level",
        evidence_id="b",
        page=4,
    )
    run = getattr(fincalc, call)
    try:
        record = run(first, second, entity="合计") if call == "add" else run(first, second)
    except fincalc.FincalcError:
        return  # a refusal is allowed; a record must be whole
    assert record.operation == call
    assert record.replay() == record
    again = Computation.from_json(record.to_json())
    assert again == record
    assert again.fingerprint == record.fingerprint
    assert again.identity == record.identity
    item = entry(record)
    low, high = item.input_counts(record)
    assert low <= len(record.inputs) <= high
    expression = record.expression
    assert set(re.findall(r"\b[a-z]\b", expression)) <= set(letters(len(record.inputs)))
    for locale in ("zh_CN", "en_US"):
        sentence = fincalc.render(record, locale=locale)
        assert "{" not in sentence
        assert sentence.endswith("。" if locale == "zh_CN" else ".")
