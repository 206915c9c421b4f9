"""Tables whose column names no period: maturity schedules, captions, roll-forwards (issue 24).

A single-column table gives a claim no period from its column. Its caption may name
one ("as of December 31, 2024", "截至2024年12月31日"), which then must be the
claim's; a schedule whose rows are periods ("2025 … Thereafter", "1年以内 … 3年以上")
and whose caption names none states no date for any of its rows, so every claim of a
date on it is refused. Never another value.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fincalc import Document, FincalcError, resolve
from fincalc._grounding.resolve import reason_code
from fincalc._grounding.schedules import period_row
from fincalc.testing import claim_page

_EN_UNDATED = (
    "At December 31, 2024, the company was in compliance with its covenants.\n"
    "Maturities of Long-Term Debt\nas of and for the years ending December 31 (in millions)\n"
    "2025\n$\n6,771\n2026\n6,000\n2027\n5,028\nThereafter\n37,425\n"
    "Total obligations and commitments\n55,224\n"
)
_EN_DATED = (
    "The following table summarizes the maturities of our operating lease liabilities as of "
    "December 31, 2024 (in millions):\nMaturities of Operating Lease Liabilities\n"
    "2025\n$\n322\n2026\n251\n2027\n188\nThereafter\n378\nTotal operating lease payments\n"
    "1,139\nLess: Imputed interest\n165\n"
)
_EN_FLOW = (
    "The following table presents the reclassifications from AOCI into income recorded during "
    "the year ended December 31, 2024 (in millions):\nDescription of AOCI Component\n"
    "Amount Reclassified from AOCI\nDerivatives:\nIncome before income taxes\n(\n50\n)\n"
    "Income taxes\n13\nConsolidated net income\n$\n(\n37\n)\n"
)
_ZH_UNDATED = (
    "租赁负债到期期限分析\n单位：万元\n1年以内\n1,200\n1至2年\n800\n3年以上\n300\n合计\n2,300\n"
)
_ZH_DATED = "截至2024年12月31日，本公司租赁负债到期期限分析如下：\n" + _ZH_UNDATED

_ROWS = [("2025", "$ 6,771"), ("2026", "6,000"), ("Thereafter", "37,425"), ("Total", "50,196")]
_FORMS = {  # one schedule as each converter writes it
    "pipe": "\n".join(f"| {a} | {b} |" for a, b in _ROWS),
    "tab": "\n".join(f"{a}\t{b}" for a, b in _ROWS),
    "spaced": "\n".join(f"{a:<14}{b:>10}" for a, b in _ROWS),
    "one line": "\n".join(f"{a} {b}" for a, b in _ROWS),
}
_HEAD = "Maturities of Long-Term Debt\n(in millions)\n"
_DATED_HEAD = (
    "The following table summarizes the maturities as of December 31, 2024 (in millions):\n"
)
_ZH_PIPE = (
    "截至2024年12月31日，本公司租赁负债到期期限分析如下：\n单位：万元\n"
    "| 1年以内 | 1,200 |\n| 合计 | 2,300 |\n"
)


@pytest.mark.parametrize("form", sorted(_FORMS))
def test_every_form_of_a_schedule_refuses_a_date_it_does_not_state(form: str) -> None:
    """Pipe, tab, space-aligned and one-line rows (html2text, pdfplumber, PyMuPDF)."""
    rows = _FORMS[form]
    quote = next(line for line in rows.splitlines() if "Thereafter" in line)
    claim = {
        "evidence_id": "d",
        "quote": quote,
        "metric": "Thereafter",
        "entity": "Filer",
        "period": "2021-12-31",
        "basis": "instant",
        "currency": "USD",
    }
    assert _outcome(_HEAD + rows + "\n", claim) == "period_mismatch", form
    dated = _DATED_HEAD + rows + "\n"
    assert _outcome(dated, claim) == "period_mismatch", form
    right = _outcome(dated, {**claim, "period": "2024-12-31"})
    assert right == Decimal("37425e6") or isinstance(right, str), form  # right or refused


def test_a_chinese_pipe_table_holds_its_caption_date() -> None:
    claim = {
        "evidence_id": "d",
        "quote": "| 合计 | 2,300 |",
        "metric": "合计",
        "entity": "本公司",
        "period": "2023-12-31",
        "basis": "instant",
        "currency": "CNY",
    }
    assert _outcome(_ZH_PIPE, claim) == "period_mismatch"  # 年报 附注, 表前写明截至日期


# (page, quote, metric, period, basis, currency, expected value or reason, source)
CASES = [
    (
        _EN_UNDATED,
        "Thereafter\n37,425",
        "Thereafter",
        "2024-12-31",
        "instant",
        "USD",
        "period_mismatch",
        "10-K debt note: maturity schedule, no year in its caption",
    ),
    (
        _EN_UNDATED,
        "Thereafter\n37,425",
        "Thereafter",
        "2021-12-31",
        "instant",
        "USD",
        "period_mismatch",
        "10-K debt note: another balance date",
    ),
    (
        _EN_UNDATED,
        "Total obligations and commitments\n55,224",
        "Total obligations and commitments",
        "2023-12-31",
        "instant",
        "USD",
        "period_mismatch",
        "10-K: the total row",
    ),
    (
        _EN_DATED,
        "Thereafter\n378",
        "Thereafter",
        "2024-12-31",
        "instant",
        "USD",
        Decimal("378e6"),
        "10-K lease note: the caption's date",
    ),
    (
        _EN_DATED,
        "Less: Imputed interest\n165",
        "Less: Imputed interest",
        "2021-12-31",
        "instant",
        "USD",
        "period_mismatch",
        "10-K lease note: another date than the caption's",
    ),
    (
        _EN_FLOW,
        "Income taxes\n13",
        "Income taxes",
        "FY2024",
        "single_period",
        "USD",
        Decimal("13e6"),
        "10-K AOCI reclassifications: the caption's year",
    ),
    (
        _EN_FLOW,
        "Income taxes\n13",
        "Income taxes",
        "FY2022",
        "single_period",
        "USD",
        "period_mismatch",
        "10-K AOCI reclassifications: another year",
    ),
    (
        _ZH_UNDATED,
        "3年以上\n300",
        "3年以上",
        "2024-12-31",
        "instant",
        "CNY",
        "period_mismatch",
        "年报 附注 租赁负债到期分析, 无日期",
    ),
    (
        _ZH_DATED,
        "3年以上\n300",
        "3年以上",
        "2024-12-31",
        "instant",
        "CNY",
        Decimal("3e6"),
        "年报 附注 租赁负债到期分析, 截至日期在表前",
    ),
    (
        _ZH_DATED,
        "合计\n2,300",
        "合计",
        "2023-12-31",
        "instant",
        "CNY",
        "period_mismatch",
        "年报 附注: 另一日期",
    ),
]


def _outcome(text: str, claim: dict[str, object]) -> Decimal | str:
    try:
        return resolve(claim, [Document("d", text)]).value
    except FincalcError as error:
        return reason_code(error)


@pytest.mark.parametrize(
    ("text", "quote", "metric", "period", "basis", "currency", "expected", "source"), CASES
)
def test_a_column_less_table_takes_its_period_from_its_caption_or_refuses(
    text: str,
    quote: str,
    metric: str,
    period: str,
    basis: str,
    currency: str,
    expected: Decimal | str,
    source: str,
) -> None:
    claim = {
        "evidence_id": "d",
        "quote": quote,
        "metric": metric,
        "entity": "Filer",
        "period": period,
        "basis": basis,
        "currency": currency,
    }
    assert _outcome(text, claim) == expected, source


def test_the_refusal_names_the_caption_or_the_rows_and_what_the_claim_can_change() -> None:
    claim = {
        "evidence_id": "d",
        "quote": "Thereafter\n378",
        "metric": "Thereafter",
        "entity": "Filer",
        "period": "2021-12-31",
        "basis": "instant",
        "currency": "USD",
    }
    with pytest.raises(FincalcError) as caught:
        resolve(claim, [Document("d", _EN_DATED)])
    assert "'December 31, 2024'" in str(caught.value)
    assert "claim the period the caption names" in str(caught.value)
    undated = {**claim, "quote": "Thereafter\n37,425", "period": "2024-12-31"}
    with pytest.raises(FincalcError) as caught:
        resolve(undated, [Document("d", _EN_UNDATED)])
    assert "'2025', '2026', '2027', 'Thereafter'" in str(caught.value)
    assert "occurrence=" not in str(caught.value)


# (label, is a period bucket, source)
LABELS = [
    ("2027", True, "10-K maturity schedule"),
    ("2030 and thereafter", True, "10-K lease schedule"),
    ("Thereafter", True, "10-K maturity schedule"),
    ("1 to 3 years", True, "10-K contractual obligations"),
    ("Less than 1 year", True, "10-K contractual obligations"),
    ("1年以内", True, "年报 附注 账龄"),
    ("1至2年", True, "年报 附注 账龄"),
    ("3年以上", True, "年报 附注 账龄"),
    ("Total", False, "10-K"),
    ("Less: Imputed interest", False, "10-K lease note"),
    ("1", False, "a note number"),
    ("合计", False, "年报"),
    ("一、营业总收入", False, "CSRC 利润表"),
    ("Balance at beginning of year", False, "10-K roll-forward"),
]


@pytest.mark.parametrize(("label", "bucket", "source"), LABELS)
def test_a_row_label_is_a_period_bucket_only_when_it_is_made_of_periods(
    label: str, bucket: bool, source: str
) -> None:
    assert period_row(label) is bucket, source


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2010, 2030),
    st.lists(st.integers(1, 99_999), min_size=3, max_size=6),
    st.booleans(),
    st.integers(-3, 3),
)
def test_a_schedule_claim_is_right_or_refused_and_another_date_is_refused(
    year: int, values: list[int], dated: bool, shift: int
) -> None:
    """Years as rows, one column: the caption's date is the only one a claim may take."""
    caption = (
        f"The following table summarizes the maturities as of December 31, {year} (in millions):"
        if dated
        else "Maturities of Long-Term Debt\n(in millions)"
    )
    labels = [str(year + i + 1) for i in range(len(values) - 1)] + ["Thereafter"]
    body = "\n".join(f"{label}\n{v:,}" for label, v in zip(labels, values, strict=True))
    text = f"{caption}\n{body}\nTotal\n{sum(values):,}\n"
    row = len(values) - 1 if shift % 2 else len(values)  # "Thereafter" or "Total"
    label, value = (labels[row], values[row]) if row < len(values) else ("Total", sum(values))
    claim = {
        "evidence_id": "d",
        "quote": f"{label}\n{value:,}",
        "metric": label,
        "entity": "Acme",
        "period": f"{year + shift}-12-31",
        "basis": "instant",
        "currency": "USD",
    }
    outcome = _outcome(text, claim)
    if dated and shift == 0:
        assert isinstance(outcome, str) or outcome == Decimal(value) * 10**6, outcome
    else:  # another date, or a date nothing on the page states
        assert isinstance(outcome, str), outcome


@pytest.mark.parametrize(
    "kind",
    [
        "schedule",
        "schedule_other_date",
        "roll_forward",
        "opening_as_closing",
        "roll_forward_other",
        "segment_column",
        "segment_other_year",
        "segment_as_group",
    ],
)
def test_generated_table_shapes_are_right_or_refused(kind: str) -> None:
    """The generators of ``fincalc.testing`` make these shapes, truth known by construction."""
    rng = random.Random(28)  # noqa: S311 (a seeded test corpus)
    seen = 0
    for index in range(12):
        text, claims = claim_page(rng, f"p{index}")
        doc = Document(f"p{index}", text, currency="USD")
        for claim in claims:
            if claim.kind != kind:
                continue
            seen += 1
            try:
                value = resolve(claim.claim(), [doc]).value
            except FincalcError:
                continue
            assert claim.truth is not None, (kind, claim["quote"], value)
            assert value == claim.truth, (kind, claim["quote"])
    assert seen


def test_a_claim_on_a_schedule_row_is_told_the_row_is_a_period_not_a_line_item() -> None:
    claim = {
        "evidence_id": "d",
        "quote": "2026\n6,000",
        "metric": "Long-term debt maturities",
        "entity": "Filer",
        "period": "FY2026",
        "basis": "single_period",
        "currency": "USD",
    }
    with pytest.raises(FincalcError) as caught:
        resolve(claim, [Document("d", _EN_UNDATED)])
    message = str(caught.value)
    assert "the row '2026', a period of a schedule, not a line item" in message
    assert "claim the metric as the row writes it" not in message


_ROLL = (
    "The following table summarizes the activity related to our unrecognized tax benefits "
    "for the year ended December 31, 2024 (in millions):\n"
)
_ROLL_FORMS = {
    "cell per line": "Balance at beginning of year\n1,000\nAdditions\n200\nReductions\n(50)\n"
    "Balance at end of year\n1,150\n",
    "pipe": "| Balance at beginning of year | 1,000 |\n| Additions | 200 |\n| Reductions | (50) |\n"
    "| Balance at end of year | 1,150 |\n",
}


@pytest.mark.parametrize("form", sorted(_ROLL_FORMS))
@pytest.mark.parametrize(
    ("row", "period", "expected"),
    [
        ("Balance at beginning of year", "2024-12-31", "period_mismatch"),  # the year's start
        ("Balance at beginning of year", "2023-12-31", Decimal("1000e6")),
        ("Balance at end of year", "2024-12-31", Decimal("1150e6")),
        ("Balance at end of year", "2023-12-31", "period_mismatch"),
    ],
)
def test_a_roll_forward_under_a_dated_caption_dates_its_opening_row_the_day_before(
    form: str, row: str, period: str, expected: Decimal | str
) -> None:
    """10-K tax note: one column under "for the year ended December 31, 2024"."""
    rows = _ROLL_FORMS[form]
    lines = rows.splitlines()
    at = next(i for i, line in enumerate(lines) if row in line)
    quote = lines[at] if form == "pipe" else f"{lines[at]}\n{lines[at + 1]}"
    claim = {
        "evidence_id": "d",
        "quote": quote,
        "metric": row,
        "entity": "Filer",
        "period": period,
        "basis": "instant",
        "currency": "USD",
    }
    try:
        outcome: Decimal | str = resolve(claim, [Document("d", _ROLL + rows, currency="USD")]).value
    except FincalcError as error:
        outcome = reason_code(error)
    assert outcome == expected
