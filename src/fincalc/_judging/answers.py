"""Judging one answer: ``check_answer`` and ``check_quantities``.

``check_answer`` reads the amounts in an answer text with the parser
(``extraction``), chooses the figures the answer states as its answer
(``selection``: the concluding figure, not the working) and hands them to
``matching``, which decides whether any of them is the expected value.  The
rules (docs/evaluating.md has the long version), each in its own module:

* ``precision``: the gold as written ("$303 million", "93.86", "24.3%"),
  with the precision it was written at.
* ``tolerance``: a candidate matches when it is within the tolerance
  (absolute *or* relative), or — precision-aware — when it agrees with the
  gold at the coarser of their precisions, with one unit of rounding slack
  for golds that were rounded ("93.89" for "93.86").
* ``matching``: a wrong scale (a factor 10^k, 1 <= |k| <= 12), a wrong sign
  and a different currency never match; they are reported as such.  Values
  beyond ``MAX_EXPONENT`` (10^±40) cannot be compared: such a candidate is
  never a match, and never an exception.  ``Tolerance(ignore_sign=True)``
  (off by default) accepts the opposite sign, for outflow metrics written as
  "(1,577)"; the check records that it did.
* ``direction``: direction words around an amount give the sign of a change
  ("同比下降 0.49%", "a 12% decline"), loss words the sign of a result.
* ``refusals`` and ``selection``: a refusal phrase makes the answer a
  refusal when it governs the sentence that carries the answer
  ("营业收入为8.7亿元（报告未披露分部数据）" is an answer).

All Decimal work runs in fincalc's private context (``arithmetic()``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._grounding.sign_words import asks_for_a_decrease, sign_word
from .._values.decimals import arithmetic, in_range
from .._values.dimensions import is_money
from .._values.quantity import Quantity
from .answer_words import words
from .cues import CueIndex
from .direction import interpret, signed
from .extraction import Amounts, per_share, unit_context
from .kinds import comparable, is_derived, per_share_of
from .latex import Plain, plain_math
from .matching import AnswerCheck, Judgement, answer_check, judge
from .precision import Gold, read_gold
from .question_unit import (
    by_question_period,
    by_subject,
    figure_year,
    question_period,
    question_places,
    question_subject,
    question_unit,
    subject_clause,
    year_period,
)
from .refusals import RefusalMatcher, refusal_matcher
from .selection import Selection, SelectMode, Selector, select, tail_statement
from .sentences import last_sentence, sentences
from .tolerance import Target, Tolerance, resolve_tolerance

__all__ = ["check_answer", "check_quantities", "judge_text", "refused_check"]

_MODES = ("final", "any")


@public
def check_quantities(
    candidates: Iterable[Quantity],
    expected: Decimal | int | str | Quantity,
    *,
    dimension: str | None = None,
    tolerance: Tolerance | None = None,
    text: str | None = None,
    precision: Decimal | int | str | None = None,
) -> AnswerCheck:
    """Decide whether any of the given amounts is the expected value.

    This is ``check_answer`` without the parsing and the final-answer
    selection, for callers who already hold the ``Quantity`` values to judge
    (from their own extraction or a structured answer): every candidate is
    judged.

    Args:
        candidates: Amounts in base units; a ``dimension`` of ``None`` (bare or
            scale-only amounts) is read in the expected dimension.
        expected: The gold value (as for ``check_answer``; a ``Quantity`` also
            supplies its dimension).
        dimension: The expected dimension; a candidate in another currency never matches.
        tolerance: Defaults to ``Tolerance.default_for(dimension)``.
        text: The text the candidates' spans point into, so that direction
            words ("下降", "fell") can give the sign of a change.
        precision: The gold's precision as a power of ten in base units
            (default: as written).

    >>> from decimal import Decimal
    >>> q = Quantity(Decimal("3.03E+8"), "USD", unit="M", raw="$303M", span=(13, 18))
    >>> check_quantities([q], Decimal("302600000"), dimension="USD").matched
    True
    >>> check_quantities([q], Decimal("302600"), dimension="USD").reason
    'wrong_scale'
    """
    items = list(candidates)
    for q in items:
        if not isinstance(q, Quantity):
            raise InvalidInputError(
                f"check_quantities needs Quantity candidates, got {type(q).__name__}",
                argument="candidates",
                value=repr(q)[:80],
            )
    gold = read_gold(expected, dimension=dimension, precision=precision)
    tol = resolve_tolerance(tolerance, gold.dimension)
    with arithmetic():
        values, dims = interpret(items, text, gold.dimension)
        verdict = judge(values, dims, _target(gold, tol), gold.dimension, tol.ignore_sign)
        return answer_check(
            verdict,
            items,
            gold.value,
            gold.dimension,
            tol,
            selection="given",
            precision=_quantum(gold),
        )


_MAX_ANSWER_TEXT = 100_000
#: How much of a question is read for what it asks (questions are short; a huge one is cut).
_MAX_QUESTION = 4_000
#: Answers longer than this are read tail first in the general path (a
#: conclusion's sentence, then the rest only if needed); shorter ones whole.
_TAIL_FIRST = 600


@public
def check_answer(
    text: str,
    expected: Decimal | int | str | Quantity,
    *,
    dimension: str | None = None,
    unit: str | None = None,
    tolerance: Tolerance | None = None,
    refusal_phrases: Iterable[str] | None = None,
    precision: Decimal | int | str | None = None,
    select: SelectMode = "final",
    question: str | None = None,
) -> AnswerCheck:
    """Check a free-text answer against the expected value.

    The answer's concluding figure is judged: the figure stated after a
    conclusion marker ("Therefore", "So", "The answer is", "因此", "综上"),
    else in the last sentence that states a figure of the expected
    dimension; figures in the working are context.  Bare numbers are read
    in ``unit`` when given (the unit the question asked for: "million",
    "USD millions", "亿元", "单位：亿元", "percent") *or* in full ("$8,600,000"
    for $8.6 million), otherwise in the expected dimension's base unit; an
    amount with its own unit ("$8.6 million", "8,743.2元") is judged as written.

    Args:
        text: The answer.
        expected: The gold: a number in base units (元 for CNY, 1 for RATIO),
            or the gold as written with its unit ("$303 million", "24.3%",
            "8.7亿元"), which also gives its precision.
        dimension: The expected dimension (``CNY``, ``USD``, ``RATIO``, ``DAYS``, …).
        unit: The unit the question asked for.
        tolerance: Defaults to ``Tolerance.default_for(dimension)``.
        refusal_phrases: Replaces ``DEFAULT_REFUSAL_PHRASES``.
        precision: The gold's precision as a power of ten in base units
            (``"1E+6"``: to the million); default: as ``expected`` is written.
        select: ``"final"`` judges the concluding figure; ``"any"`` judges
            every figure (for short extractive answers).
        question: The question asked.  It gives the gold's frame when
            ``unit`` is not passed ("$1577.00" asked "(in USD millions)" is
            $1,577 million; docs/evaluating.md, "The gold in the question's
            frame"), the precision it asks for ("two decimal places"), the
            year and subject the figure must be stated for, and whether it
            asks how large a decrease or a loss is ("By how much did revenue
            decrease?", "净亏损多少？"): then the gold is that size, and
            "decreased by $1.2 million" matches "$1.2 million", an increase
            does not.  Without it a decrease word makes a figure negative.

    Returns:
        An ``AnswerCheck``, truthy when matched, with the figure judged and its
        span, why it was judged (``selection``, ``marker``, ``statement``),
        every candidate read, and the reason when unmatched.

    Raises:
        InvalidInputError: ``text`` is not a string or is over 100,000 characters,
            ``expected`` cannot be read, or an option is invalid.

    >>> check = check_answer("营业收入约为 1476.94 亿元", "147693604994.14", dimension="CNY")
    >>> bool(check), check.found.raw, check.found.span
    (True, '1476.94 亿元', (7, 17))
    >>> check_answer("rose 0.49%", "-0.0049", dimension="RATIO").reason
    'wrong_sign'
    >>> check_answer("研发投入 12.5", "1250000000", unit="亿元").describe()
    "ok: '12.5' = 1250000000 CNY"
    >>> working = "$1,832 million + $636 million = $2,468 million. So capex was $2,468 million."
    >>> check_answer(working, "$1,832 million").reason
    'out_of_tolerance'
    >>> from decimal import Decimal
    >>> check_answer("Capex: $8,600,000.", Decimal("8.6"), dimension="USD", unit="million").matched
    False
    >>> check_answer("Capex was $8,600,000.", "8.6", dimension="USD", unit="million").matched
    True
    >>> check_answer("Capex was $8,600,000.", "$8.6 million", unit="million").matched
    True
    >>> check_answer("Capex: $1,577 million.", "$1577.00", question="(in USD millions)?").reason
    'ok'
    """
    if not isinstance(text, str):
        raise InvalidInputError(
            f"check_answer needs the answer text as a string, got {type(text).__name__}",
            argument="text",
            value=repr(text)[:80],
        )
    if len(text) > _MAX_ANSWER_TEXT:
        raise InvalidInputError(
            f"answer text of {len(text)} characters exceeds the limit of {_MAX_ANSWER_TEXT}",
            argument="text",
            value=text[:40] + "…",
            limit=_MAX_ANSWER_TEXT,
        )
    if select not in _MODES:
        raise InvalidInputError(
            f"select must be 'final' (the concluding figure) or 'any' (every figure), "
            f"got {select!r}",
            argument="select",
            value=repr(select),
        )
    if question is not None and not isinstance(question, str):
        raise InvalidInputError(
            f"question must be the question text, got {type(question).__name__}",
            argument="question",
            value=repr(question)[:80],
        )
    if unit is None and question is not None:
        unit = question_unit(question)  # "(in USD millions)": bare numbers in millions
    if dimension is None and unit and not isinstance(expected, Quantity):
        dimension = unit_context(unit).dimension
    # the gold in the question's frame: "$1577.00" asked in millions is $1,577 million
    places = question_places(question) if question is not None else None
    gold = read_gold(expected, dimension=dimension, unit=unit, precision=precision, places=places)
    if question is not None:
        if gold.value and asks_for_a_decrease(question[:_MAX_QUESTION]):
            # "How much did debt decrease?": the size ("decreased by $229 million" is 229)
            gold = replace(gold, value=gold.value.copy_abs(), magnitude=True)
        gold = replace(gold, period=question_period(question), subject=question_subject(question))
    tol = resolve_tolerance(tolerance, gold.dimension)
    with arithmetic():
        return judge_text(
            text, gold, unit, tol, refusal_matcher(refusal_phrases), select, every_candidate=True
        )


def _for_subject(
    text: str,
    amounts: Amounts,
    selection: Selection,
    clause: tuple[int, int],
    gold: Gold,
    index: CueIndex,
) -> Selection:
    """The figure ``clause`` states for the question's subject, else ``selection`` as it was."""
    old = [amounts.items[i] for i in selection.indices]
    amounts.read(clause[0])
    items = amounts.items
    cues = index.sentence(text, *clause)
    picked = tail_statement(text, items, clause, gold.dimension, plain=gold.known, cues=cues)
    if picked is not None:
        return replace(picked, how="subject")
    # the reading merged more amounts in: find the selected ones again
    return replace(
        selection, indices=tuple(next(j for j, q in enumerate(items) if q is o) for o in old)
    )


def _fitting(
    text: str,
    amounts: Amounts,
    selection: Selection,
    gold: Gold,
    index: CueIndex,
    mode: SelectMode,
) -> tuple[Selection, tuple[int, ...]]:
    """Of the figures selected, those whose subject and period fit the question."""
    if (
        gold.subject is not None
        and selection.how == "last_statement"
        and selection.statement is not None
        and (clause := subject_clause(text, gold.subject, selection.statement)) is not None
    ):  # "…营业收入为128.74亿元；归母净利润为15.03亿元" asked for 营业收入
        selection = _for_subject(text, amounts, selection, clause, gold, index)
    items = amounts.items
    chosen = selection.indices
    if gold.period is not None and selection.statement is not None and chosen:
        # "$12.9 billion in 2024, compared with $11.9 billion in 2023" asked for 2023
        chosen = tuple(by_question_period(text, items, selection.statement, gold.period, chosen))
        if mode == "final" and _of_another_year(text, items, chosen, selection, gold.period):
            # "… $5.0 billion in 2023. In 2022, revenue was $4.6 billion." asked for 2023
            selection = _of_the_year(text, amounts, selection, gold, index)
            items, chosen = amounts.items, selection.indices
    if gold.subject is not None and selection.statement is not None and mode == "final":
        # "Revenue was $10 billion and cost of revenue was $6 billion" asked for revenue
        chosen = by_subject(text, items, chosen, selection.statement, gold.subject)
    return selection, chosen


def _year(text: str, items: list[Quantity], i: int, floor: int) -> object | None:
    """The year figure ``i`` is stated for, its own words starting after the figure before."""
    if i and (previous := items[i - 1].span) is not None:
        floor = max(floor, previous[1])
    return figure_year(text, items[i].span or (0, 0), floor)


def _of_another_year(
    text: str, items: list[Quantity], chosen: tuple[int, ...], selection: Selection, period: str
) -> bool:
    """Whether every figure judged is stated for a year, and none for the question's."""
    statement = selection.statement
    if statement is None:
        return False
    claimed = year_period(period)
    if claimed is None:
        return False
    return all(
        (y := _year(text, items, i, statement[0])) is not None and y != claimed for i in chosen
    )


def _of_the_year(
    text: str, amounts: Amounts, selection: Selection, gold: Gold, index: CueIndex
) -> Selection:
    """The last earlier sentence stating a figure for the question's year, else nothing.

    A figure of another year is never the answer to a question about one year:
    when no sentence states one for it, the answer states no figure for it.
    """
    statement = selection.statement
    period = gold.period
    if statement is None or period is None:
        return selection
    amounts.read(0)
    items = amounts.items
    claimed = year_period(period)
    for a, b in reversed([s for s in sentences(text) if s[1] <= statement[0]]):
        cues = index.sentence(text, a, b)
        if any("refusal" in c.kinds for c in cues):
            continue
        picked = tail_statement(text, items, (a, b), gold.dimension, plain=gold.known, cues=cues)
        if picked is not None and all(_year(text, items, i, a) == claimed for i in picked.indices):
            return replace(picked, how="period")
    return Selection((), "none", statement, stated=False)


def _quantum(gold: Gold) -> Decimal:
    return Decimal((0, (1,), gold.exponent))


def _target(gold: Gold, tolerance: Tolerance) -> Target:
    return Target(gold.value, tolerance, exponent=gold.exponent, derived=is_derived(gold.dimension))


def refused_check(gold: Gold, tolerance: Tolerance) -> AnswerCheck:
    """The verdict on an answer that refused (no amount is reported)."""
    return AnswerCheck(
        matched=False,
        reason="refused",
        expected=gold.value,
        dimension=gold.dimension,
        found=None,
        candidates=(),
        relative_error=None,
        scale_factor=None,
        sign_ignored=False,
        tolerance=tolerance,
        selection="none",
        precision=_quantum(gold),
    )


def judge_text(
    text: str,
    gold: Gold,
    unit: str | None,
    tolerance: Tolerance,
    refusal: RefusalMatcher,
    mode: SelectMode = "final",
    *,
    every_candidate: bool = False,
    tail_first: bool = True,
) -> AnswerCheck:
    """Read, select and judge the figures of ``text``; the caller holds ``arithmetic()``.

    LaTeX ("$\\boxed{74.2\\%}$", "1{,}234") is read as the text it typesets
    (``latex.plain_math``); the amounts reported keep spans and raw text in
    ``text`` as written.
    """
    plain = plain_math(text) if text else None
    check = _judge_plain(
        text if plain is None else plain.text,
        gold,
        unit,
        tolerance,
        refusal,
        mode,
        every_candidate=every_candidate,
        tail_first=tail_first,
    )
    return check if plain is None else _as_written(check, plain, text)


def _as_written(check: AnswerCheck, plain: Plain, text: str) -> AnswerCheck:
    """``check`` on the plain text of ``text``, with spans and raw text in ``text``."""

    def written(q: Quantity) -> Quantity:
        if q.span is None:
            return q
        start, end = plain.span(*q.span)
        return dataclasses.replace(q, span=(start, end), raw=text[start:end])

    candidates = tuple(written(q) for q in check.candidates)
    found = check.found
    if found is not None:
        # the judged amount carries its interpreted value: map it on its own
        found = written(found)
    statement = check.statement
    if statement is not None:
        statement = plain.span(*statement)
    return dataclasses.replace(check, found=found, candidates=candidates, statement=statement)


def _judge_plain(
    text: str,
    gold: Gold,
    unit: str | None,
    tolerance: Tolerance,
    refusal: RefusalMatcher,
    mode: SelectMode,
    *,
    every_candidate: bool,
    tail_first: bool,
) -> AnswerCheck:
    """``judge_text`` on text without LaTeX: select, interpret, judge.

    This is the evaluation hot path: no validated models, one Target per
    answer.  ``_select_plain`` reads the amounts and selects the answer's
    figures; ``_interpret`` gives the figures chosen their signed values,
    alternates and dimensions; the verdict is ``matching.judge``'s, unless a
    second figure that also fits makes it ambiguous.  ``every_candidate``
    reads the rest afterwards too, so that ``AnswerCheck.candidates`` lists
    every amount.
    """
    read = _select_plain(text, gold, unit, refusal, mode, tail_first=tail_first)
    if read is None:
        return refused_check(gold, tolerance)
    amounts, selection = read
    selection, chosen = _fitting(text, amounts, selection, gold, refusal.cues, mode)
    items = amounts.items
    floor = selection.statement[0] if selection.statement is not None else 0
    values, dims, alternates = _interpret(text, amounts, chosen, gold, floor)
    target = _target(gold, tolerance)
    verdict = judge(values, dims, target, gold.dimension, tolerance.ignore_sign, alternates)
    if verdict.reason == "ok" and mode == "final" and len(chosen) > 1:
        # "Capex was $1,577 million and depreciation $1,200 million": which one is the answer?
        roles = [_role(text, items, i, floor, gold.dimension) for i in chosen]
        if _another_figure(values, dims, roles, verdict, target, (gold.dimension, tolerance)):
            verdict.reason = "ambiguous"
    if verdict.index is not None:
        verdict.index = chosen[verdict.index]
    if every_candidate and (amounts.read(0) | amounts.read_asides()) and verdict.index is not None:
        found = items[verdict.index]  # the reading merged more amounts in: find it again
        items = amounts.items
        verdict.index = next(i for i, q in enumerate(items) if q is found)
    items = amounts.items
    return answer_check(
        verdict,
        items,
        gold.value,
        gold.dimension,
        tolerance,
        selection=selection.how,
        statement=selection.statement,
        marker=selection.marker,
        precision=_quantum(gold),
    )


def _select_plain(
    text: str,
    gold: Gold,
    unit: str | None,
    refusal: RefusalMatcher,
    mode: SelectMode,
    *,
    tail_first: bool,
) -> tuple[Amounts, Selection] | None:
    """The amounts of ``text`` and the selection of its answer's figures; ``None``: it refuses.

    Amounts are read tail first — the last conclusion's sentence, or the
    last sentence — and the rest only when the tail does not decide; the
    asides (and, for a money question, percentages) only when the sentences
    state no figure of the expected dimension.  ``tail_first=False`` reads
    the whole answer at once and selects with the general rules only (the
    tests check both give the same verdicts).
    """
    money = gold.dimension is not None and is_money(per_share_of(gold.dimension) or gold.dimension)
    amounts = Amounts(text, unit, hold_percentages=money and mode == "final")
    index = refusal.cues
    markers = index.markers(text)
    selection = None
    tail_refuses = False
    if tail_first and mode == "final" and not markers and text:
        # the common case: no conclusion marker, the last sentence states the answer
        start, end = last_sentence(text)
        cues = index.sentence(text, start, end)
        tail_refuses = any("refusal" in c.kinds for c in cues)
        if any("guess" in c.kinds for c in cues) and not tail_refuses:
            pass  # a guess: whether a refusal elsewhere takes it back is the Selector's to say
        elif not tail_refuses:
            amounts.read(start)
            selection = tail_statement(
                text, amounts.items, (start, end), gold.dimension, plain=gold.known, cues=cues
            )
        else:
            amounts.read(0)
            amounts.read_asides()
            if not amounts.items:  # it ends in a refusal and holds no figure at all
                return None
    if selection is None:
        selector = Selector(
            text,
            sentences(text),
            amounts.asides,
            gold.dimension,
            refusal,
            plain=gold.known,
            markers=markers,
            has_refusal=True if tail_refuses else None,
        )
        # a short answer is read whole at once; a long one tail first
        tail = selector.tail(mode) if tail_first and len(text) > _TAIL_FIRST else 0
        amounts.read(tail)
        if mode == "any":
            amounts.read_asides()
        selection = select(selector.use(amounts.items), mode, complete=tail == 0)
        if selection is None:
            amounts.read(0)
            selection = select(selector.use(amounts.items), mode)
    if selection is None or (not selection.stated and amounts.read_asides()):
        selection = select(selector.use(amounts.items), mode)
    if selection is None:  # not reached: a complete reading always decides
        selection = Selection((), "none", stated=False)
    return None if selection.refused else (amounts, selection)


def _interpret(
    text: str, amounts: Amounts, chosen: tuple[int, ...], gold: Gold, floor: int
) -> tuple[list[Decimal], list[str | None], list[Decimal | None]]:
    """The figures ``chosen`` as judged: their values, dimensions and alternates.

    Each is said for what it is ("$2.35 per share" is USD_PER_SHARES; "$1.2
    billion" answering a gold in Canadian dollars is CAD) and signed by its
    direction and loss words (``direction``), or taken as a size when the
    gold is one; an alternate (the as-written value under the question's
    unit) follows its value's sign.  The items of ``amounts`` are updated in
    place.
    """
    items = amounts.items
    for i in chosen:
        items[i] = per_share(text, items, i)
    sign = _size if gold.magnitude else _signed
    values = [sign(items, i, text, gold.dimension, floor) for i in chosen]
    alternates = [
        None if alt is None else (alt if value == items[i].value else -alt)
        for i, value, alt in zip(
            chosen, values, (amounts.alternates[i] for i in chosen), strict=True
        )
    ]
    expected = gold.dimension
    if expected is not None and (per_share_of(expected) or expected) in _BARE_DOLLAR_CURRENCIES:
        for i in chosen:
            items[i] = _bare_dollar(items[i], expected)
    dims = [items[i].dimension for i in chosen]
    return values, dims, alternates


def _role(text: str, items: list[Quantity], i: int, floor: int, dimension: str | None) -> str:
    """``change`` for a figure a direction word governs ("fell $5 million"), else ``level``."""
    q = items[i]
    if q.span is None:
        return "level"
    if i and (previous := items[i - 1].span) is not None:
        floor = max(floor, previous[1])
    word = sign_word(text, q.span, floor=floor, ratio=(q.dimension or dimension) == "RATIO")
    return "change" if word is not None and word[1] in ("increase", "decrease") else "level"


def _another_figure(
    values: list[Decimal],
    dims: list[str | None],
    roles: list[str],
    verdict: Judgement,
    target: Target,
    expected: tuple[str | None, Tolerance],
) -> bool:
    """Whether the sentence judged states, besides figure ``k`` that matches, another figure
    of the expected dimension and of the same role (a level, a change) that neither
    matches nor is ``k`` restated ("$389 million ($0.389 billion)" is one figure): with no
    subject, period or role to tell them apart, the answer is ambiguous, never "any
    figure".  "Revenue fell $5 million to $20 million" states one level and one change."""
    dimension, tolerance = expected
    k = verdict.index
    if k is None:
        return False
    own = values[k].as_tuple().exponent
    same = Target(values[k], tolerance, exponent=own if isinstance(own, int) else 0)
    for j, value in enumerate(values):
        if j == k or roles[j] != roles[k] or not comparable(dims[j], dimension):
            continue
        if not in_range(value):
            continue
        if not target.accepts(value) and not same.accepts(value):
            return True
    return False


_BARE_DOLLAR_CURRENCIES = frozenset(words("bare_dollar.currencies"))
_NAMED_USD = tuple(words("bare_dollar.named_usd"))


def _bare_dollar(q: Quantity, expected: str) -> Quantity:
    """``q``, in the gold's dollar when it is written with a bare "$" or "dollars".

    "$1.2 billion" answering a gold in Canadian dollars is CAD (a Canadian
    report writes "$"); "US$1.2 billion" and "USD 1.2 billion" stay USD.
    """
    dimension = q.dimension
    if dimension is None or not dimension.startswith("USD"):
        return q
    currency = per_share_of(expected) or expected
    if per_share_of(dimension) not in (None, "USD"):
        return q
    written = (q.raw or "").lower()
    if any(name in written for name in _NAMED_USD):
        return q
    return dataclasses.replace(q, dimension=dimension.replace("USD", currency, 1))


def _size(items: list[Quantity], i: int, text: str, dimension: str | None, floor: int) -> Decimal:
    """Amount ``i`` as the size of the decrease or loss the question asks for.

    A decrease or loss word, or none, gives its magnitude ("decreased by $1.2
    million", "净亏损1.2亿元", "-$1.2 million"); an increase or profit word at a
    positive figure says the opposite happened, and gives the negative
    magnitude ("增长0.49%", "净利润1.2亿元"); at a negative one it states the
    decrease or loss ("增长-0.49%", "每股收益为-0.12元").
    """
    q = items[i]
    if i:
        previous = items[i - 1].span
        if previous is not None:
            floor = max(floor, previous[1])
    size = q.value.copy_abs()
    if q.span is None:
        return size
    word = sign_word(text, q.span, floor=floor, ratio=(q.dimension or dimension) == "RATIO")
    opposite = word is not None and word[1] in ("increase", "profit") and q.value > 0
    return -size if opposite else size


def _signed(items: list[Quantity], i: int, text: str, dimension: str | None, floor: int) -> Decimal:
    """Amount ``i`` with the direction and loss words of its sentence (from ``floor``) applied."""
    if i:
        previous = items[i - 1].span
        if previous is not None:
            floor = max(floor, previous[1])
    return signed(items[i], text, floor, dimension)
