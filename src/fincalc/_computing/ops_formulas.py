"""The public declared formulas: ``formula`` (the registry) and ``combine`` (your own).

The registry (``_data/formulas.toml``) holds the analyst formulas with their
definitions and sources: EBITDA, free cash flow, working capital, net debt,
gross, operating and net margin, payout ratio, interest coverage, current
ratio, asset/inventory/receivables turnover, ROA, ROE, DSO, DPO, DIO.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from .._base.public import public
from .._values.facts import Fact
from .._values.period import FiscalCalendar
from .audit import Computation, record
from .formulas import Term, evaluate_formula, linear_combination
from .rounding import Rounding
from .spec import Formula, SignConvention, registered

__all__ = ["combine", "formula"]


@public
def formula(
    name: str | Formula,
    facts: Mapping[str, Fact],
    *,
    metric: str | None = None,
    days: Decimal | int | str | None = None,
    signs: Mapping[str, SignConvention] | None = None,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """Compute a registry formula (free cash flow, ROE, DSO, …) from its named facts.

    Rule: ``facts`` maps every term of the formula to a fact, and nothing
    else (``Formula.named(name).term_names`` lists them). The terms of a sum
    (EBITDA, FCF, working capital, net debt) are figures of one entity,
    period, basis, currency and tax — only the metric differs. A quotient
    divides its numerator terms by its denominator terms, paired by the
    formula's kind: ``ratio`` and ``multiple`` over one period (gross margin,
    payout ratio, interest coverage, current ratio); ``turnover`` and
    ``return`` divide a flow by the closing balance, or an
    ``average()`` balance, of its period (asset turnover, ROA, ROE);
    ``days`` divides a balance by a flow and multiplies by the days of the
    flow's period (DSO, DPO, DIO; 365 for a 12-month period, else pass
    ``days=``). Each term is read under the sign convention the registry
    declares: ``magnitude`` for a line non-negative by nature that statements
    write in brackets (capex "(460.8)", dividends "(7,616)", cost of revenue),
    ``as_written`` for a line that can really be negative (a net loss). A
    term whose sign is genuinely ambiguous (income tax expense: a deduction
    "(540.2)" or a tax benefit?) has no convention and refuses a negative
    figure until ``signs=`` declares it; ``signs=`` may override any term's
    convention, and the record stores the conventions applied. The divisor
    must be positive. The result's metric is the formula's Chinese
    name when the facts' metrics are Chinese, else its English one, unless
    ``metric=`` names it; the ``Computation`` stores the formula (its terms,
    signs and conventions) and replays from it.

    Args:
        name: A registry key or alias (``"free_cash_flow"``, ``"FCF"``,
            ``"自由现金流"``; case-insensitive) or a ``Formula``.
        facts: Term name → fact.
        metric: The result's metric.
        days: The day count of a days formula.
        signs: Sign conventions to declare or override, term name →
            ``"as_written"`` or ``"magnitude"``.
        calendar: The fiscal calendar naming the period.
        rounding: The display rule (by the result's dimension).

    Raises:
        InvalidInputError: an unknown formula, a missing or unknown term, or
            ``days`` for a formula that counts no days.
        CaliberMismatchError: the terms are not of one entity, period, basis
            and tax (or, for a turnover, return or days formula, the balance
            does not belong to the flow's period).
        DimensionMismatchError: mixed currencies or units.
        UndefinedGrowthError: a zero or negative divisor.
        SignConventionError: a negative figure for a term without a convention.

    >>> from fincalc import Fact, formula
    >>> ocf = Fact.build("1234.5E+6", metric="Net cash from operating activities",
    ...                  entity="Acme", period="FY2024", dimension="USD", evidence_id="10-K")
    >>> capex = Fact.build("-460.8E+6", metric="Purchases of property and equipment",
    ...                    entity="Acme", period="FY2024", dimension="USD",
    ...                    evidence_id="10-K", raw="(460.8)")
    >>> fcf = formula("FCF", {"operating_cash_flow": ocf, "capital_expenditure": capex})
    >>> fcf.result, fcf.target.metric, fcf.expression
    (Decimal('773700000'), 'free cash flow', 'a − |b|')
    """
    spec = name if isinstance(name, Formula) else registered(name)
    return record(
        evaluate_formula(
            spec,
            facts,
            metric=metric,
            days=days,
            calendar=calendar,
            rounding=rounding,
            signs=signs,
        )
    )


@public
def combine(
    *terms: Term,
    metric: str,
    calendar: FiscalCalendar | None = None,
    rounding: Rounding | str | None = None,
) -> Computation:
    """A formula of your own: the signed sum of several metrics, named by ``metric``.

    Rule: every term's caliber is equal except the metric (one entity,
    period, basis, currency and tax), no metric appears twice, and the
    dimension adds up (not a ratio or multiple). Each term is added or
    subtracted by its sign, under its sign convention: a negative figure
    whose ``Term`` declares none is refused (``SignConventionError``),
    because "(460.8)" may be an outflow written in brackets or a real
    negative. The ``Computation`` records the terms, signs and conventions
    (``Computation.formula``); its fingerprint does not depend on the terms'
    order.

    Args:
        *terms: Two or more ``Term(fact, sign, convention=...)``.
        metric: The result's metric (EBITDA, 自由现金流).
        calendar: The fiscal calendar naming the period.
        rounding: The display rule (by the dimension).

    Raises:
        CaliberMismatchError: the terms differ in more than the metric.
        DimensionMismatchError: mixed currencies or units, or ratios.
        CaliberConflictError, DuplicateFactError: one metric twice.
        SignConventionError: a negative term without a convention.

    >>> from fincalc import Fact, Term, combine
    >>> ni = Fact.build("9.52E+8", metric="净利润", entity="公司", period="FY2024",
    ...                 evidence_id="is")
    >>> interest = Fact.build("-4.1E+7", metric="利息费用", entity="公司", period="FY2024",
    ...                       evidence_id="is", raw="(4,100万)")
    >>> tax = Fact.build("2.3E+8", metric="所得税费用", entity="公司", period="FY2024",
    ...                  evidence_id="is")
    >>> ebit = combine(Term(ni), Term(interest, convention="magnitude"), Term(tax),
    ...                metric="息税前利润")
    >>> ebit.result, ebit.expression
    (Decimal('1223000000'), 'a + |b| + c')
    """
    return record(linear_combination(terms, metric=metric, calendar=calendar, rounding=rounding))
