"""Hypothesis strategies for fincalc's value types, for your own property tests.

Needs the ``testing`` extra (``pip install 'fincalc-qa[testing]'``), which
installs Hypothesis; fincalc itself never imports this module.

Values are exact ``Decimal`` amounts with a bounded number of digits, so sums
and differences stay exact in fincalc's 50-digit context; periods are those a
report names (quarters, halves, fiscal years, 前三季度-style year-to-date
spans, months, balance-sheet dates), each with the basis the calendar year
implies.

>>> from hypothesis import given
>>> from fincalc import yoy
>>> @given(facts(positive=True))
... def test_yoy_of_itself_is_zero(fact):
...     shifted = fact.caliber.replace(period=fact.caliber.period.shift(years=-1))
...     prior = Fact(fact.quantity, shifted, fact.evidence)
...     assert yoy(fact, prior).result == 0
>>> test_yoy_of_itself_is_zero()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

from hypothesis import strategies as st

from ._grounding.documents import Document
from ._values.caliber import Caliber, Tax
from ._values.facts import Evidence, Fact
from ._values.period import CALENDAR_YEAR, Basis, Period
from ._values.quantity import Quantity

__all__ = [
    "PAGE_FORMS",
    "PERIOD_KINDS",
    "GeneratedClaim",
    "PageClaim",
    "StatementPage",
    "amounts",
    "calibers",
    "claim_page",
    "claim_pages",
    "evidence",
    "facts",
    "names",
    "periods",
    "quantities",
    "statement_pages",
]

#: The period shapes ``periods`` draws from.
PERIOD_KINDS = ("quarter", "half", "year", "ytd", "month", "instant")

_METRICS = ("营业收入", "净利润", "营业成本", "Revenue", "Net income")
_ENTITIES = ("华东区", "华南区", "全公司", "East China", "Group")


def amounts(
    *,
    min_value: Decimal | int | str = -(10**12),
    max_value: Decimal | int | str = 10**12,
    places: int = 2,
    positive: bool = False,
) -> st.SearchStrategy[Decimal]:
    """Exact Decimal amounts with at most ``places`` decimal places.

    ``positive=True`` raises ``min_value`` to the smallest positive step, for
    growth bases.

    >>> isinstance(amounts(), st.SearchStrategy)
    True
    """
    low = Decimal(min_value)
    if positive:
        low = max(low, Decimal(1).scaleb(-places))
    return st.decimals(
        min_value=low,
        max_value=Decimal(max_value),
        places=places,
        allow_nan=False,
        allow_infinity=False,
    )


def periods(
    *, kinds: Sequence[str] = PERIOD_KINDS, min_year: int = 2000, max_year: int = 2030
) -> st.SearchStrategy[Period]:
    """Periods a report names, under the calendar year.

    >>> isinstance(periods(kinds=("quarter",)), st.SearchStrategy)
    True
    """
    unknown = set(kinds) - set(PERIOD_KINDS)
    if unknown or not kinds:
        raise ValueError(f"unknown period kinds {sorted(unknown)}; use some of {PERIOD_KINDS}")
    years = st.integers(min_year, max_year)
    makers: dict[str, st.SearchStrategy[Period]] = {
        "quarter": st.builds(Period.quarter, years, st.integers(1, 4)),
        "half": st.builds(Period.half, years, st.integers(1, 2)),
        "year": st.builds(Period.fiscal_year, years),
        "ytd": st.builds(Period.year_to_date, years, st.integers(2, 3)),
        "month": st.builds(Period.month, years, st.integers(1, 12)),
        "instant": st.builds(
            Period.instant, st.dates(date(min_year, 1, 1), date(max_year, 12, 31))
        ),
    }
    return st.one_of(*(makers[kind] for kind in kinds))


def names(*, max_size: int = 12) -> st.SearchStrategy[str]:
    """Any text a ``Caliber`` accepts as a metric or entity name: non-blank Unicode.

    For names beyond the bundled examples (spaces, symbols, other scripts),
    e.g. to test that your own serialisation keeps them.

    >>> isinstance(calibers(metrics=names(), entities=names()), st.SearchStrategy)
    True
    """
    return st.text(min_size=1, max_size=max_size).filter(lambda s: s.strip() != "")


def _one_of(values: Sequence[str] | st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    if isinstance(values, st.SearchStrategy):
        return values
    return st.sampled_from(list(values))


def calibers(
    *,
    metrics: Sequence[str] | st.SearchStrategy[str] = _METRICS,
    entities: Sequence[str] | st.SearchStrategy[str] = _ENTITIES,
    dimension: str | st.SearchStrategy[str] = "CNY",
    period: st.SearchStrategy[Period] | None = None,
    taxes: Sequence[Tax] = tuple(Tax),
    basis: Literal["implied", "any"] = "implied",
) -> st.SearchStrategy[Caliber]:
    """Calibers, by default with the basis their period implies.

    Args:
        metrics: The metric names to draw from, or a strategy (e.g. ``names()``).
        entities: The entity names to draw from, or a strategy.
        dimension: The dimension, or a strategy such as
            ``st.sampled_from(["CNY", "USD", "RATIO"])``.
        period: Strategy for the period (``periods()`` by default).
        taxes: The tax flags to draw from.
        basis: ``"implied"``: the basis the calendar year implies for the period
            (``FiscalCalendar.basis_of``). ``"any"``: any basis a ``Caliber``
            accepts, so also a period labelled against its shape (instant for
            a one-day period, else single period or cumulative).

    >>> isinstance(calibers(dimension="RATIO"), st.SearchStrategy)
    True
    """

    if basis not in ("implied", "any"):
        raise ValueError(f"basis must be 'implied' or 'any', got {basis!r}")

    @st.composite
    def build(draw: st.DrawFn) -> Caliber:
        metric, entity = draw(_one_of(metrics)), draw(_one_of(entities))
        p = draw(period if period is not None else periods())
        if basis == "any" and not p.is_instant:
            b = draw(st.sampled_from([Basis.SINGLE_PERIOD, Basis.CUMULATIVE]))
        else:
            b = CALENDAR_YEAR.basis_of(p)
        d = dimension if isinstance(dimension, str) else draw(dimension)
        return Caliber(metric, entity, p, b, d, draw(st.sampled_from(list(taxes))))

    return build()


def quantities(
    *, dimension: str = "CNY", values: st.SearchStrategy[Decimal] | None = None
) -> st.SearchStrategy[Quantity]:
    """Quantities in base units, with ``raw`` the value as written.

    >>> isinstance(quantities(), st.SearchStrategy)
    True
    """
    return st.builds(
        lambda value: Quantity(value, dimension, raw=format(value, "f")),
        values if values is not None else amounts(),
    )


def evidence() -> st.SearchStrategy[Evidence]:
    """Evidence with a short id and quote, sometimes a page.

    >>> isinstance(evidence(), st.SearchStrategy)
    True
    """
    return st.builds(
        Evidence,
        st.from_regex(r"[a-z]{1,6}-[0-9]{1,4}", fullmatch=True),
        st.sampled_from(["营业收入 8.7 亿元", "Revenue was $303M", ""]),
        page=st.none() | st.integers(1, 400),
    )


def facts(
    *,
    caliber: st.SearchStrategy[Caliber] | None = None,
    dimension: str = "CNY",
    values: st.SearchStrategy[Decimal] | None = None,
    positive: bool = False,
) -> st.SearchStrategy[Fact]:
    """Facts whose quantity matches their caliber's dimension.

    Args:
        caliber: Strategy for the caliber (``calibers(dimension=dimension)`` by default).
        dimension: The dimension when ``caliber`` is not given.
        values: Strategy for the value (``amounts(positive=positive)`` by default).
        positive: Draw positive values only (growth bases).

    >>> isinstance(facts(positive=True), st.SearchStrategy)
    True
    """
    caliber_strategy = caliber if caliber is not None else calibers(dimension=dimension)
    value_strategy = values if values is not None else amounts(positive=positive)
    return st.builds(
        lambda c, value, ev: Fact(Quantity(value, c.dimension, raw=format(value, "f")), c, ev),
        caliber_strategy,
        value_strategy,
        evidence(),
    )


# -- claims with the truth known by construction (issue 24) --------------------------------
#
# ``claim_page(rng)`` composes a page of clause shapes -- a level with its change, two
# subjects in one sentence, an outlook sentence, a "respectively" list with a shared
# scale, an entity's level and growth beside another entity's, a comparative bracket,
# table rows with their neighbours -- in English and Chinese, and returns the page with
# claims, each either right (with the value the page states) or wrong by construction
# (another row or metric, another period, another entity, a change claimed as a level,
# guidance claimed as an actual, a comparative bracket claimed for the current year).
# A grounding implementation must resolve every right claim to its value or refuse
# it, and refuse every wrong claim; any other value is a silent error.

_EN_METRICS = ("Revenue", "Operating income", "Net income", "Cost of revenue", "Gross profit")
_ZH_METRICS = ("营业收入", "营业成本", "净利润", "营业利润", "利润总额")
_ZH_ENTITIES = ("集体企业", "国有及国有控股企业", "华东区", "华南区")
_MILLION = Decimal(10) ** 6
_WAN = Decimal(10) ** 4


class GeneratedClaim(dict[str, object]):
    """A claim dict (``Claim`` fields) with its truth and the shape it was made from.

    ``truth`` is the value the page states for a right claim, None for a wrong one;
    ``kind`` names the shape ("level", "other_row", "change_as_level" …).
    """

    @property
    def truth(self) -> Decimal | None:
        """The value a right claim must resolve to; None for a claim that must be refused."""
        value = self.get("_truth")
        return value if isinstance(value, Decimal) else None

    @property
    def kind(self) -> str:
        """The shape the claim was made from."""
        return str(self.get("_kind", ""))

    def claim(self) -> dict[str, object]:
        """The claim's fields only (what a model would return)."""
        return {k: v for k, v in self.items() if not k.startswith("_")}


class _Page:
    def __init__(self, rng: random.Random, doc_id: str) -> None:
        self.rng, self.doc_id = rng, doc_id
        self.year = rng.randint(2015, 2024)
        self.parts: list[str] = []
        self.claims: list[GeneratedClaim] = []
        self.en = rng.sample(_EN_METRICS, len(_EN_METRICS))
        self.zh = rng.sample(_ZH_METRICS, len(_ZH_METRICS))
        self.drawn: set[int] = set()

    def money(self) -> int:
        # Distinct on one page: a figure printed in two shapes (a segment's revenue equal
        # to the group's) would make a wrong claim's quote also a right one elsewhere.
        value = self.rng.randint(101, 9899)
        while value in self.drawn:
            value = 101 + (value - 100) % 9799
        self.drawn.add(value)
        return value

    def add(
        self,
        quote: str,
        metric: str,
        entity: str,
        year: int,
        currency: str | None,
        truth: Decimal | None,
        kind: str,
        period: str | None = None,
    ) -> None:
        self.claims.append(
            GeneratedClaim(
                evidence_id=self.doc_id,
                quote=quote,
                metric=metric,
                entity=entity,
                period=period or f"FY{year}",
                basis="instant" if period and "-" in period else "single_period",
                currency=currency,
                _truth=truth,
                _kind=kind,
            )
        )


def _level_and_change(page: _Page) -> None:
    year, m = page.year, page.en[0]
    level, change = page.money(), page.rng.randint(11, 99)
    page.parts.append(
        f"{m} was ${level:,} million in fiscal {year}, an increase of ${change} million "
        f"compared with fiscal {year - 1}."
    )
    page.add(f"${level:,} million", m, "Acme", year, "USD", level * _MILLION, "level")
    page.add(f"${change} million", m, "Acme", year, "USD", None, "change_as_level")
    page.add(f"${level:,} million", page.en[1], "Acme", year, "USD", None, "other_metric")
    page.add(f"${level:,} million", m, "Acme", year - 1, "USD", None, "other_period")


def _two_subjects(page: _Page) -> None:
    year, (m1, m2) = page.year, page.en[2:4]
    a, b = page.money(), page.money()
    page.parts.append(f"In fiscal {year}, {m1} was ${a:,} million and {m2} was ${b:,} million.")
    page.add(f"${a:,} million", m1, "Acme", year, "USD", a * _MILLION, "level")
    page.add(f"${b:,} million", m2, "Acme", year, "USD", b * _MILLION, "level")
    page.add(f"${b:,} million", m1, "Acme", year, "USD", None, "other_metric")


def _outlook(page: _Page) -> None:
    year, m = page.year, page.en[4]
    g = page.money()
    words = page.rng.choice(["we expect", "our outlook is for", "we are targeting"])
    page.parts.append(f"For fiscal {year + 1}, {words} {m} of approximately ${g:,} million.")
    page.add(f"${g:,} million", m, "Acme", year + 1, "USD", None, "guidance_as_actual")


def _respectively(page: _Page) -> None:
    year, m = page.year, page.en[1]
    x, y = page.rng.randint(11, 49), page.rng.randint(51, 99)
    page.parts.append(
        f"{m} was ${x / 10} and ${y / 10} million in fiscal {year} and {year - 1}, respectively."
    )
    # the shared scale: $1.2 is 1.2 million, never $1.2 (right or refused)
    page.add(f"${x / 10}", m, "Acme", year, "USD", Decimal(x) / 10 * _MILLION, "list_member")
    page.add(f"${x / 10}", m, "Acme", year - 1, "USD", None, "other_period")


def _entities(page: _Page) -> None:
    year, m = page.year, page.zh[0]
    e1, e2 = page.rng.sample(_ZH_ENTITIES, 2)
    lv, rate, lv2 = page.money(), page.rng.randint(11, 99), page.money()
    page.parts.append(
        f"{year}年，{e1}实现{m}{lv:,}万元，同比增长{rate / 10}%；{e2}{m}{lv2:,}万元。"
    )
    page.add(f"{m}{lv:,}万元", m, e1, year, "CNY", lv * _WAN, "level")
    growth = Decimal(rate) / 1000
    page.add(f"同比增长{rate / 10}%", f"{m}同比增长率", e1, year, None, growth, "growth")
    page.add(f"同比增长{rate / 10}%", m, e1, year, None, None, "change_as_level")
    page.add(f"{e2}{m}{lv2:,}万元", m, e1, year, "CNY", None, "other_entity")


def _bracket(page: _Page) -> None:
    year, m = page.year, page.zh[1]
    cur, prior = page.money(), page.money()
    page.parts.append(f"{m}为人民币{cur:,}万元（{year - 1}年：人民币{prior:,}万元）。")
    page.add(f"人民币{cur:,}万元", m, "公司", year, "CNY", cur * _WAN, "level")
    quote = f"（{year - 1}年：人民币{prior:,}万元）"
    page.add(quote, m, "公司", year, "CNY", None, "bracket_for_current_year")
    page.add(f"人民币{cur:,}万元", page.zh[2], "公司", year, "CNY", None, "other_metric")


def _table(page: _Page) -> None:
    year, rng = page.year, page.rng
    rows = [(name, page.money(), page.money()) for name in ("Revenue", "Cost of revenue")]
    rows.append(("Gross profit", page.money(), page.money()))
    lines = ["(In millions)", f"| | {year} | {year - 1} |"]
    lines += [f"| {name} | {v1:,} | {v0:,} |" for name, v1, v0 in rows]
    page.parts.append("\n" + "\n".join(lines) + "\n")
    i = rng.randrange(len(rows))
    name, v1, v0 = rows[i]
    other = rows[(i + 1) % len(rows)][0]
    page.add(f"| {name} | {v1:,} |", name, "Acme", year, "USD", v1 * _MILLION, "level")
    page.add(f"{name} | {v1:,} | {v0:,}", name, "Acme", year - 1, "USD", v0 * _MILLION, "level")
    page.add(f"| {name} | {v1:,} |", other, "Acme", year, "USD", None, "other_row")
    page.add(f"| {name} | {v1:,} |", name, "Acme", year - 1, "USD", None, "other_period")


def _metrics_respectively(page: _Page) -> None:
    year = page.year
    if page.rng.random() < 0.5:
        (m1, m2), unit, scale, money = page.zh[3:5], "亿元", Decimal(10) ** 8, "CNY"
        a, b = page.rng.randint(11, 999) / 10, page.rng.randint(11, 999) / 10
        page.parts.append(f"{year}年，公司{m1}和{m2}分别为{a}{unit}和{b}{unit}。")
        quote_a, quote_b = f"{a}{unit}", f"{b}{unit}"
        entity = "公司"
    else:
        (m1, m2), scale, money = page.en[3:5], _MILLION, "USD"
        a, b = page.rng.randint(11, 999) / 10, page.rng.randint(11, 999) / 10
        page.parts.append(
            f"{m1} and {m2} were ${a} million and ${b} million, respectively, in fiscal {year}."
        )
        quote_a, quote_b = f"${a} million", f"${b} million"
        entity = "Acme"
    if a == b:
        return  # the two quotes would be one text
    page.add(quote_a, m1, entity, year, money, Decimal(str(a)) * scale, "list_metric")
    page.add(quote_b, m2, entity, year, money, Decimal(str(b)) * scale, "list_metric")
    page.add(quote_b, m1, entity, year, money, None, "other_list_metric")


_ZH_LEASES = "租赁负债到期期限分析\n单位：万元"
_EN_DEBT = "The following table summarizes the maturities of our debt as of December 31, {y}"
_SCHEDULES = (  # (caption with the date, caption without, buckets, total, currency, scale, mark)
    (f"{_EN_DEBT} (in millions):", "Maturities of Long-Term Debt\n(in millions)",
     ("{y1}", "{y2}", "{y3}", "{y4}", "Thereafter"), ("Total obligations", "USD", _MILLION, "$\n")),
    ("截至{y}年12月31日，本公司" + _ZH_LEASES.replace("\n", "如下：\n"), _ZH_LEASES,
     ("1年以内", "1至2年", "2至3年", "3年以上"), ("合计", "CNY", _WAN, "")),
)  # fmt: skip
_ROLL_FORWARDS = (
    (("Balance at beginning of year", "Additions", "Balance at end of year"), "(In millions)"),
    (("期初余额", "本期增加", "期末余额"), "单位：万元"),
)


def _schedule(page: _Page) -> None:
    """Years (or buckets) as rows, one column, the date in the caption or nowhere."""
    year, rng = page.year, page.rng
    dated, undated, buckets, (total, currency, scale, mark) = rng.choice(_SCHEDULES)
    caption = dated if rng.random() < 0.5 else undated
    years = {f"y{i}": year + i for i in range(1, 5)}
    rows = [(b.format(**years), page.money()) for b in buckets]
    rows.append((total, sum(v for _, v in rows)))
    cell, first = rng.choice((("{}\n{}{:,}", mark), ("| {} | {}{:,} |", mark.strip())))
    body = "\n".join(cell.format(b, first if i == 0 else "", v) for i, (b, v) in enumerate(rows))
    page.parts.append(f"\n{caption.format(y=year)}\n{body}\n")
    label, value = rows[rng.randrange(len(rows) - 2, len(rows))]  # the last bucket or total
    quote, truth = cell.format(label, "", value), value * scale if caption == dated else None
    page.add(quote, label, "Acme", year, currency, truth, "schedule", f"{year}-12-31")
    page.add(quote, label, "Acme", year, currency, None, "schedule_other_date", f"{year - 1}-12-31")


def _roll_forward(page: _Page) -> None:
    """A roll-forward under year columns: the opening row is the balance of the day before."""
    year, (names, unit) = page.year, page.rng.choice(_ROLL_FORWARDS)
    currency, scale = ("USD", _MILLION) if unit.startswith("(") else ("CNY", _WAN)
    b1, b0, add1, add0 = page.money(), page.money(), page.money(), page.money()
    lines = [unit, f"| | {year} | {year - 1} |"]
    for name, v1, v0 in zip(names, (b1, add1, b1 + add1), (b0, add0, b0 + add0), strict=True):
        lines.append(f"| {name} | {v1:,} | {v0:,} |")
    page.parts.append("\n" + "\n".join(lines) + "\n")
    opening, closing = f"| {names[0]} | {b1:,} |", f"| {names[2]} | {b1 + add1:,} |"
    end, before = f"{year}-12-31", f"{year - 1}-12-31"
    page.add(closing, names[2], "Acme", year, currency, (b1 + add1) * scale, "roll_forward", end)
    page.add(opening, names[0], "Acme", year, currency, b1 * scale, "roll_forward", before)
    page.add(opening, names[0], "Acme", year, currency, None, "opening_as_closing", end)
    page.add(closing, names[2], "Acme", year, currency, None, "roll_forward_other", before)


def _segment_columns(page: _Page) -> None:
    """Segments as columns: no column is a period, and none is the group's figure."""
    year, m = page.year, page.en[0]
    a, b, c = page.money(), page.money(), page.money()
    quote = f"| {m} | {a:,} |"
    page.parts.append(f"\n{m} by segment for fiscal {year} (in millions):\n| | Americas | EMEA "
                      f"| Asia |\n{quote} {b:,} | {c:,} |\n")  # fmt: skip
    page.add(quote, m, "Americas", year, "USD", a * _MILLION, "segment_column")
    page.add(quote, m, "Americas", year - 1, "USD", None, "segment_other_year")
    page.add(quote, m, "Acme", year, "USD", None, "segment_as_group")


_SHAPES = (
    _schedule,
    _roll_forward,
    _segment_columns,
    _level_and_change,
    _two_subjects,
    _outlook,
    _respectively,
    _entities,
    _bracket,
    _table,
    _metrics_respectively,
)


def claim_page(rng: random.Random, doc_id: str = "page") -> tuple[str, list[GeneratedClaim]]:
    """A page of generated sentences and table rows, and claims about it with their truth.

    The same ``rng`` state gives the same page; the shapes come in a random order.

    >>> import random
    >>> text, claims = claim_page(random.Random(1))
    >>> sum(c.truth is None for c in claims) > 5 and sum(c.truth is not None for c in claims) > 5
    True
    """
    page = _Page(rng, doc_id)
    for shape in rng.sample(_SHAPES, len(_SHAPES)):
        shape(page)
    return "\n".join(page.parts) + "\n", page.claims


def claim_pages() -> st.SearchStrategy[tuple[str, list[GeneratedClaim]]]:
    """Hypothesis strategy: a generated page and its claims (see ``claim_page``).

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=3)
    ... @given(claim_pages())
    ... def test_claims(page):
    ...     assert page[1]
    >>> test_claims()
    """
    return st.randoms(use_true_random=False).map(claim_page)


# -- statement pages in the forms a pipeline feeds (issue 28) ----------------------------------

#: The page forms ``statement_pages`` renders: PDF text one cell per line and one row per
#: line, BeautifulSoup ``get_text("\n")`` of HTML, html2text's pipe tables, and the HTML
#: itself (read with ``Document.from_html``).
PAGE_FORMS = ("pdf_cells", "pdf_rows", "bs4", "html2text", "html")

_ROW_LABELS = (
    "Net revenues",
    "Cost of products sold",
    "Selling, general and administrative",
    "Research and development",
    "Other expense, net",
    "Interest expense",
    "Income tax expense",
    "Net earnings",
)
_UNITS = (("(In millions)", 10**6), ("(In thousands)", 10**3), ("(Dollars in millions)", 10**6))


@dataclass(frozen=True)
class PageClaim:
    """A claim on a generated page and its truth: the value, or None when it must refuse."""

    claim: dict[str, str | None]
    expected: Decimal | None
    kind: Literal["right", "column", "row"]


@dataclass(frozen=True)
class StatementPage:
    """A statement page rendered in one form, with claims whose truth is known by construction."""

    form: str
    text: str  # the page text; for "html", the HTML
    claims: tuple[PageClaim, ...]

    def document(self, doc_id: str = "page") -> Document:
        """The page as a ``Document`` (``Document.from_html`` for the "html" form)."""
        if self.form == "html":
            return Document.from_html(doc_id, self.text)
        return Document(doc_id, self.text)


def _written(value: int) -> str:
    return f"({-value:,})" if value < 0 else f"{value:,}"


_Rows = list[tuple[str, list[int | None]]]


def _html_cells(r: int, v: int | None) -> str:
    if v is None:  # a blank cell: the three cells of the column, empty
        return "<td></td><td></td><td></td>"
    opening, closing = ("(", ")") if v < 0 else ("", "")
    return f"<td>{'$' if r == 0 else ''}</td><td>{opening}{abs(v):,}</td><td>{closing}</td>"


def _analysis(unit: str, years: list[int], rows: _Rows) -> str:
    """The statement's rows again, under their own table with a "% Change" column."""
    head = "<tr><td></td>" + "".join(f"<td>{y}</td>" for y in years)
    head += f"<td>% Change {years[0]}-{years[1]}</td></tr>"
    body = ""
    for r, (label, values) in enumerate(rows):
        cells = "".join(
            f"<td>{'$' if r == 0 and v is not None else ''}{_written(v) if v is not None else ''}"
            "</td>"
            for v in values
        )
        body += f"<tr><td>{label}</td>{cells}<td>{r + 3}%</td></tr>"
    return f"<p>Results of operations</p><p>{unit}</p><table>{head}{body}</table>"


def _render(form: str, unit: str, years: list[int], rows: _Rows, again: str | None = None) -> str:
    title = "KESTREL INSTRUMENTS, INC.\nCONSOLIDATED STATEMENTS OF EARNINGS\n"
    if form == "html":
        span = 3 * len(years)
        head = f"<tr><td>{unit}</td><td colspan='{span}'>Year Ended December 31,</td></tr>"
        head += "<tr><td></td>" + "".join(f"<td colspan='3'>{y}</td>" for y in years) + "</tr>"
        body = ""
        for r, (label, values) in enumerate(rows):
            body += f"<tr><td>{label}</td>" + "".join(_html_cells(r, v) for v in values) + "</tr>"
        tail = _analysis(again, years, rows) if again is not None else ""
        return (
            f"<html><body><p>KESTREL INSTRUMENTS, INC.</p>"
            f"<p>CONSOLIDATED STATEMENTS OF EARNINGS</p><table>{head}{body}</table>{tail}"
            "</body></html>"
        )
    if form == "html2text":
        text = title + f"\n{unit}\n\n" + "| " * (3 * len(years)) + "|  \n"
        text += "---|" * (3 * len(years)) + "---  \n| Year Ended December 31,  \n"
        text += "| " + "| | ".join(str(y) for y in years) + "  \n"
        for r, (label, values) in enumerate(rows):
            cells = " | | ".join(
                ("$| " if r == 0 else "") + _written(v) for v in values if v is not None
            )
            text += f"{label}| {cells} |   \n"
        return text
    if form == "pdf_rows":
        text = title + f"{unit}\nYear Ended December 31,\n" + " ".join(map(str, years)) + "\n"
        for r, (label, values) in enumerate(rows):
            text += label + "".join(
                (" $ " if r == 0 else " ") + _written(v) for v in values if v is not None
            )
            text += "\n"
        return text
    spacer = "\n\xa0\n" if form == "bs4" else "\n"
    text = title + f"{unit}\nYear Ended December 31,\n" + spacer.join(map(str, years)) + "\n"
    for r, (label, values) in enumerate(rows):
        lines = []
        for v in values:
            if v is None:
                continue
            amount = f"(\n{-v:,}\n)" if (v < 0 and form == "bs4") else _written(v)
            lines.append(("$\n" if r == 0 else "") + amount)
        text += label + "\n" + spacer.join(lines) + "\n"
    return text


def _quotes(text: str, rows: _Rows) -> list[list[str | None]]:
    """For each row, the quote from its label through each of its cells (None: blank)."""
    found: list[list[str | None]] = []
    cursor = 0
    for label, values in rows:
        start = text.index(label, cursor)
        position = start + len(label)
        quotes: list[str | None] = []
        for v in values:
            if v is None:
                quotes.append(None)
                continue
            shown = f"{abs(v):,}"
            at = position
            while True:  # the amount as a whole number, not inside another
                at = text.index(shown, at)
                before = text[at - 1] if at else ""
                after = text[at + len(shown)] if at + len(shown) < len(text) else ""
                if not (before.isdigit() or before in ",.") and not (
                    after.isdigit() or (after in ",." and text[at + len(shown) + 1 :][:1].isdigit())
                ):
                    break
                at += 1
            end = at + len(shown)
            if v < 0:
                end = text.index(")", end) + 1
            quotes.append(text[start:end])
            position = end
        found.append(quotes)
        cursor = position
    return found


@st.composite
def statement_pages(
    draw: st.DrawFn,
    forms: Sequence[str] = PAGE_FORMS,
    *,
    blanks: bool = False,
    repeated: bool = False,
) -> StatementPage:
    """A statement page in one form, with right claims and wrong (column, row) claims.

    The page is an income statement under "Year Ended December 31," with two or
    three year columns, a unit declaration, "$" on its first row and negatives
    in brackets, written as the form writes it. Each cell gives a right claim
    (the quote from the row's label to the cell, the cell's year); the same
    quote claimed for the next column's year must be refused, and so must the
    row above's quote claimed with this row's label.

    ``blanks`` leaves some cells empty (an HTML table keeps the empty cell; a
    text form writes nothing there), so a row has fewer amounts than columns.
    ``repeated`` (the "html" form) prints the rows again in an analysis table
    with a "% Change" column under its own declaration, in the statement's
    unit or another one, so each quote stands twice: the right value or a
    refusal, never the other table's scale.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5, derandomize=True)
    ... @given(statement_pages(forms=["pdf_cells"]))
    ... def test_right_claims(page):
    ...     from fincalc import resolve_all
    ...     doc = page.document()
    ...     for item in page.claims:
    ...         if item.kind == "right":
    ...             facts = resolve_all([item.claim], [doc]).facts
    ...             assert not facts or facts[0].value == item.expected
    >>> test_right_claims()
    """
    form = draw(st.sampled_from(list(forms)))
    unit, multiplier = draw(st.sampled_from(_UNITS))
    latest = draw(st.integers(2015, 2030))
    years = [latest - k for k in range(draw(st.integers(2, 3)))]
    labels = draw(st.lists(st.sampled_from(_ROW_LABELS), min_size=2, max_size=5, unique=True))
    values = st.integers(-99_999, 99_999).filter(lambda v: abs(v) >= 10)
    cell: st.SearchStrategy[int | None] = st.one_of(st.none(), values) if blanks else values
    rows: _Rows = []
    for label in labels:
        drawn = draw(st.lists(cell, min_size=len(years), max_size=len(years)))
        if all(v is None for v in drawn):
            drawn[0] = draw(values)  # a row of only blanks is no row of amounts
        rows.append((label, drawn))
    again = draw(st.sampled_from([u for u, _ in _UNITS])) if repeated else None
    text = _render(form, unit, years, rows, again)
    written = Document.from_html("page", text).text if form == "html" else text
    quotes = _quotes(written, rows)
    claims: list[PageClaim] = []
    for r, (label, row_values) in enumerate(rows):
        for k, value in enumerate(row_values):
            if value is None:
                continue
            base: dict[str, str | None] = {
                "evidence_id": "page",
                "quote": quotes[r][k],
                "metric": label,
                "entity": "Kestrel",
                "period": f"FY{years[k]}",
                "basis": "single_period",
                "currency": "USD",
            }
            claims.append(PageClaim(base, Decimal(value) * multiplier, "right"))
            if k + 1 < len(years):
                claims.append(PageClaim({**base, "period": f"FY{years[k + 1]}"}, None, "column"))
            above = quotes[r - 1][k] if r > 0 else None
            if above is not None and rows[r - 1][1][k] != value:
                claims.append(PageClaim({**base, "quote": above}, None, "row"))
    return StatementPage(form, text, tuple(claims))
