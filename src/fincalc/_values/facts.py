"""``Evidence`` and ``Fact``: a quantity bound to its meaning and its source span."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from .._base.bounded import check_no_surrogate
from .._base.exceptions import DimensionMismatchError, InvalidInputError
from .._base.public import public
from .caliber import Basis, Caliber, Role, Tax
from .decimals import arithmetic, to_decimal
from .period import CALENDAR_YEAR, FiscalCalendar, Period, parse_period
from .quantity import Quantity

__all__ = ["Conflict", "Evidence", "Fact", "LocateMethod", "find_conflicts"]

LocateMethod = Literal["exact", "normalized", "fuzzy"]


def _check_span(span: object, name: str) -> None:
    if span is None:
        return
    if (
        not isinstance(span, tuple)
        or len(span) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in span)
        or not 0 <= span[0] <= span[1]
    ):
        raise InvalidInputError(
            f"Evidence.{name}: {span!r} is not a half-open (start, end) offset pair",
            argument=name,
            value=repr(span),
        )


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where a number came from: the cited source, the verbatim quote and its span.

    Attributes:
        evidence_id: The id of the cited document or chunk.
        quote: The verbatim quote the model returned.
        span: Half-open offsets of the located quote in the document, when located.
        page: The page the span starts on, when the document knows its pages.
        method: How the quote was located ("exact", "normalized", "fuzzy").
        score: Locator score (1.0 for exact matches).
        unit_declaration: The declaration ("单位：万元") a bare number was read in.
        unit_declaration_span: Offsets of that declaration in the document.
        sources: For a derived figure (``Computation.as_fact()``), the evidence
            of every source fact it was computed from, so a chained computation
            cites the original pages; empty for a figure read from a document.
        scope: The statement the figure was read from when its title says:
            ``"consolidated"`` (合并) or ``"parent"`` (母公司, the parent company's
            own statements); None when the page does not say (prose, untitled tables).

    >>> Evidence("report-2025Q3", "营业收入 8.7 亿元", span=(120, 131)).span
    (120, 131)
    """

    evidence_id: str
    quote: str
    span: tuple[int, int] | None = None
    page: int | None = None
    method: LocateMethod | None = None
    score: float | None = None
    unit_declaration: str | None = None
    unit_declaration_span: tuple[int, int] | None = None
    sources: tuple[Evidence, ...] = ()
    scope: Literal["consolidated", "parent"] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.evidence_id, str) or not self.evidence_id.strip():
            raise InvalidInputError(
                f"Evidence.evidence_id must be a non-empty string, got {self.evidence_id!r}",
                argument="evidence_id",
                value=self.evidence_id,
            )
        if not isinstance(self.quote, str):
            raise InvalidInputError(
                f"Evidence.quote must be a string, got {type(self.quote).__name__}",
                argument="quote",
                value=repr(self.quote),
            )
        for name in ("evidence_id", "quote", "unit_declaration"):
            check_no_surrogate(getattr(self, name), f"Evidence.{name}")
        if self.scope not in (None, "consolidated", "parent"):
            raise InvalidInputError(
                f"Evidence.scope must be 'consolidated', 'parent' or None, got {self.scope!r}",
                argument="scope",
                value=repr(self.scope)[:80],
            )
        _check_span(self.span, "span")
        _check_span(self.unit_declaration_span, "unit_declaration_span")
        if not isinstance(self.sources, tuple) or not all(
            isinstance(source, Evidence) for source in self.sources
        ):
            raise InvalidInputError(
                "Evidence.sources must be a tuple of Evidence (the source facts' evidence), "
                f"got {self.sources!r}"[:200],
                argument="sources",
                value=repr(self.sources)[:80],
            )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``sources`` only when the figure is derived)."""
        data: dict[str, Any] = {
            "evidence_id": self.evidence_id,
            "quote": self.quote,
            "span": list(self.span) if self.span is not None else None,
            "page": self.page,
            "method": self.method,
            "score": self.score,
            "unit_declaration": self.unit_declaration,
            "unit_declaration_span": (
                list(self.unit_declaration_span) if self.unit_declaration_span else None
            ),
        }
        if self.sources:
            data["sources"] = [source.to_dict() for source in self.sources]
        if self.scope is not None:  # only when the statement says: older JSON stays identical
            data["scope"] = self.scope
        return data


# Made public after the class exists: ``sources`` names ``Evidence`` itself, and
# ``public`` resolves the annotations in this module's namespace.
public(Evidence)


@public
@dataclass(frozen=True, slots=True)
class Fact:
    """A quantity, what it means (its caliber), and where it was read (its evidence).

    The quantity's dimension must equal the caliber's: a CNY amount cannot be a
    USD fact, and a scale-only amount ("1476.94 亿") is not a fact until its
    currency is known.

    >>> from decimal import Decimal
    >>> from fincalc import Basis, Period
    >>> cal = Caliber("营业收入", "华东区", Period.quarter(2025, 3), Basis.SINGLE_PERIOD, "CNY")
    >>> q = Quantity(Decimal("870000000"), "CNY", unit="亿元", raw="8.7 亿元")
    >>> Fact(q, cal, Evidence("r1", "营业收入 8.7 亿元")).value
    Decimal('870000000')
    """

    quantity: Quantity
    caliber: Caliber
    evidence: Evidence

    def __post_init__(self) -> None:
        for name, kind in (("quantity", Quantity), ("caliber", Caliber), ("evidence", Evidence)):
            value = getattr(self, name)
            if not isinstance(value, kind):
                raise InvalidInputError(
                    f"Fact.{name} must be a {kind.__name__}, got {type(value).__name__}",
                    argument=name,
                    value=repr(value)[:80],
                )
        if self.quantity.dimension != self.caliber.dimension:
            raise DimensionMismatchError(
                f"Fact for {self.caliber.metric!r} ({self.caliber.entity}): the quantity "
                f"{self.quantity.raw or self.quantity.value!r} has dimension "
                f"{self.quantity.dimension!r} but the caliber says {self.caliber.dimension!r}; "
                "declare the currency the source states, never convert implicitly",
                operation="Fact",
                left=self.quantity.dimension,
                right=self.caliber.dimension,
            )

    @property
    def value(self) -> Decimal:
        """The amount in base units."""
        return self.quantity.value

    @property
    def role(self) -> Role:
        """What the amount is to its metric: its level, a change of it, or its growth."""
        return self.caliber.role

    @classmethod
    def build(
        cls,
        value: Decimal | int | str,
        *,
        metric: str,
        entity: str,
        period: Period | str,
        evidence_id: str,
        dimension: str = "CNY",
        tax: Tax | str = Tax.NA,
        basis: Basis | str | None = None,
        quote: str = "",
        raw: str | None = None,
        unit: str | None = None,
        page: int | None = None,
        calendar: FiscalCalendar | None = None,
        role: Role | str = Role.LEVEL,
        compared_to: Period | str | None = None,
    ) -> Fact:
        """Build a fact from plain values (tests, examples, hand-entered data).

        ``value`` is in base units (元, or 1 for ratios: 5.2% is ``"0.052"``);
        floats are refused. ``period`` is a ``Period`` or text for
        ``parse_period``; the basis defaults to the one the period implies
        under ``calendar``. ``raw`` defaults to the value as written.
        ``role`` and ``compared_to`` declare a change or growth and the period
        it compares to (a ``Period`` or text; default one year earlier).

        >>> f = Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
        ...                evidence_id="r-2025q3", raw="8.7 亿元")
        >>> f.caliber.describe(), f.value == 870000000
        ('营业收入 | 华东区 | 2025Q3 | single_period | CNY | na', True)
        >>> Fact.build("553.1E+8", metric="国内生产总值", entity="全国", period="2024",
        ...            evidence_id="bulletin", role="change").caliber.describe()
        '国内生产总值 | 全国 | FY2024 | single_period | CNY | na | change vs FY2023'
        """
        cal = calendar or CALENDAR_YEAR
        parsed = _build_period(period, cal, "period")
        base = None if compared_to is None else _build_period(compared_to, cal, "compared_to")
        amount = to_decimal(value, field="Fact.build value")
        # Caliber coerces and checks enum text ("cumulative", "na") itself.
        basis_value: Any = basis if basis is not None else cal.basis_of(parsed)
        tax_value: Any = tax
        role_value: Any = role
        caliber = Caliber(
            metric,
            entity,
            parsed,
            basis_value,
            dimension,
            tax_value,
            role=role_value,
            compared_to=base,
        )
        quantity = Quantity(
            amount, dimension, unit=unit, raw=raw if raw is not None else format(amount, "f")
        )
        return cls(quantity, caliber, Evidence(evidence_id, quote, page=page))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (values as strings, never floats)."""
        return {
            "quantity": self.quantity.to_dict(),
            "caliber": self.caliber.to_dict(),
            "evidence": self.evidence.to_dict(),
        }


def _build_period(period: object, calendar: FiscalCalendar, name: str) -> Period:
    parsed = parse_period(period, calendar).period if isinstance(period, str) else period
    if not isinstance(parsed, Period):
        raise InvalidInputError(
            f"Fact.build: {name} must be a Period or text such as '2025Q3', got {period!r}",
            argument=name,
            value=repr(period)[:80],
        )
    return parsed


# -- conflicts -----------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class Conflict:
    """Facts that share one caliber but disagree on the value.

    Attributes:
        caliber: The shared caliber.
        facts: Every fact of that caliber, in input order.

    >>> from fincalc import Fact
    >>> facts = [Fact.build(v, metric="毛利率", entity="公司", period="FY2024",
    ...                     dimension="RATIO", evidence_id=e)
    ...          for v, e in [("0.15", "mdna-p12"), ("0.148", "summary-p3")]]
    >>> conflict = find_conflicts(facts)[0]
    >>> conflict.values, conflict.spread
    ((Decimal('0.15'), Decimal('0.148')), Decimal('0.002'))
    >>> [fact.evidence.evidence_id for fact in conflict]
    ['mdna-p12', 'summary-p3']
    """

    caliber: Caliber
    facts: tuple[Fact, ...]

    @property
    def values(self) -> tuple[Decimal, ...]:
        """The distinct values, in input order."""
        seen: list[Decimal] = []
        for fact in self.facts:
            if fact.value not in seen:
                seen.append(fact.value)
        return tuple(seen)

    @property
    def spread(self) -> Decimal:
        """The largest value minus the smallest."""
        with arithmetic():
            return max(self.values) - min(self.values)

    @property
    def evidence_ids(self) -> tuple[str, ...]:
        """The evidence ids of the facts, in input order."""
        return tuple(fact.evidence.evidence_id for fact in self.facts)

    def __iter__(self) -> Iterator[Fact]:
        """Iterate over the facts, so a conflict reads as a group of facts."""
        return iter(self.facts)

    def __len__(self) -> int:
        return len(self.facts)


@public
def find_conflicts(
    facts: Iterable[Fact],
    *,
    tolerance: Decimal | int | str = 0,
    rel_tolerance: Decimal | int | str = 0,
) -> list[Conflict]:
    """Group facts that share a caliber but differ in value, so none gets averaged away.

    Two values of one caliber agree when they differ by at most
    ``max(tolerance, rel_tolerance × the larger magnitude)``; a group whose
    spread exceeds that is a conflict. Facts with equal values (the same
    figure cited twice) are not conflicts. Groups come back in the order their
    caliber first appears.

    Args:
        facts: The facts to check, e.g. everything resolved for one question.
        tolerance: Absolute tolerance in base units (元, or 1 for ratios).
        rel_tolerance: Relative tolerance, e.g. ``Decimal("0.005")`` for 0.5 %.

    Returns:
        One ``Conflict`` per disagreeing caliber; empty when all agree.

    >>> from decimal import Decimal
    >>> from fincalc import Fact
    >>> facts = [Fact.build(v, metric="毛利率", entity="公司", period="FY2024",
    ...                     dimension="RATIO", evidence_id=e)
    ...          for v, e in [("0.15", "mdna-p12"), ("0.148", "summary-p3")]]
    >>> [c.evidence_ids for c in find_conflicts(facts)]
    [('mdna-p12', 'summary-p3')]
    >>> find_conflicts(facts, tolerance=Decimal("0.005"))
    []
    """
    absolute = to_decimal(tolerance, field="tolerance")
    relative = to_decimal(rel_tolerance, field="rel_tolerance")
    if absolute < 0 or relative < 0:
        raise InvalidInputError(
            f"tolerances must not be negative, got {tolerance!r} and {rel_tolerance!r}",
            argument="tolerance",
            value=f"{tolerance!r}, {rel_tolerance!r}",
        )
    if isinstance(facts, (str, bytes)) or not hasattr(facts, "__iter__"):
        raise InvalidInputError(
            f"find_conflicts needs an iterable of Facts, got {type(facts).__name__}",
            argument="facts",
            value=repr(facts)[:80],
        )
    groups: dict[Caliber, list[Fact]] = {}
    for index, fact in enumerate(facts):
        if not isinstance(fact, Fact):
            raise InvalidInputError(
                f"find_conflicts: item {index} is a {type(fact).__name__}, not a Fact",
                argument="facts",
                value=repr(fact)[:80],
            )
        groups.setdefault(fact.caliber, []).append(fact)
    conflicts: list[Conflict] = []
    with arithmetic():
        for caliber, members in groups.items():
            if len(members) < 2:
                continue
            values = [fact.value for fact in members]
            low, high = min(values), max(values)
            allowed = max(absolute, relative * max(abs(low), abs(high)))
            if high - low > allowed:
                conflicts.append(Conflict(caliber, tuple(members)))
    return conflicts
