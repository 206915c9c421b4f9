"""Answer sentences from a ``Computation``: the number written once, with citations.

Numbers are formatted with babel (imported inside the functions, so ``import
fincalc`` stays fast). The value written is always ``computation.display``
exactly: scaling to 亿/万 or million/billion (or a base-unit ratio to a
percentage) only moves the decimal point, so rendering never rounds a second
time. A base-unit amount is scaled only when the scaled number is short (at
most two decimals), so "1,846,913,570.13元" is never written as
"18.4691357013亿元".

Periods are named by the calendar recorded in the computation; a period no
calendar names (a fiscal year read without its calendar) is written as dates
in words, never as the raw ``[start, end)`` interval.

Units: a currency is named by ``_data/render.toml`` (then by babel); every
other dimension by its words in ``_data/dimensions.toml`` — a multiple as
"1.73x" / "1.73倍", days as "93.94 days" / "93.94天", tonnes as "540万吨" /
"5.4 million tonnes", a per-unit figure as "0.30元/股" / "CNY 0.30 per share".
A difference of two ratios (``pp_change``, or ``sub`` of ratios) is written in
percentage points, never as a percentage. Citations name the source facts:
a derived input (``as_fact()``) is cited by the pages it was computed from.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from .._base.exceptions import InvalidInputError
from .._base.public import public
from .._base.vocabulary import vocabulary
from .._values.caliber import Caliber, Role
from .._values.decimals import arithmetic
from .._values.dimensions import RATIO, find_dimension, is_money
from .._values.facts import Fact
from .._values.period import CALENDAR_YEAR, FiscalCalendar, Period
from .audit import Computation
from .explanation import leaf_evidence
from .operations import entry
from .rounding import Rounding

__all__ = ["Locale", "render"]

Locale = Literal["zh_CN", "en_US"]
_LOCALES = ("zh_CN", "en_US")

#: Placeholders a template may use.
FIELDS = (
    "entity",
    "metric",
    "period",
    "base_period",
    "whole",
    "value",
    "direction",
    "magnitude",
    "citations",
)


@dataclass(frozen=True, slots=True)
class _Sentence:
    """One kind of answer sentence: its templates, and how its fields are filled.

    Each operation's kind is its entry in the operation table
    (``operations``): its own name, ``amount`` for a derived figure
    ("<metric> is <value>"), or a kind chosen by what the inputs differ in
    (``sub_change`` is a difference between two periods, ``sub_entity`` one
    between two entities; other differences — 毛利 = 营业收入 − 营业成本, a
    quarter derived from year-to-date figures — are plain amounts).

    Attributes:
        kind: The sentence kind.
        zh: The ``zh_CN`` template.
        en: The ``en_US`` template.
        zh_flat: For a change written with a direction word ("同比下降0.49%"):
            the ``zh_CN`` sentence when the display is zero (the word, no
            number); ``None`` for a sentence with no direction word.
        en_flat: The same in ``en_US``.
        own_metric: The sentence names the result's metric (else the first
            input's).
    """

    kind: str
    zh: str
    en: str
    zh_flat: str | None = None
    en_flat: str | None = None
    own_metric: bool = False

    def template(self, locale: str, *, flat: bool) -> str:
        """The template for ``locale``; ``flat``: the one for a zero change, when it has one."""
        if flat:
            text = self.zh_flat if locale == "zh_CN" else self.en_flat
            if text is not None:
                return text
        return self.zh if locale == "zh_CN" else self.en

    @property
    def has_direction(self) -> bool:
        """The sign is written as a direction word (上升/下降, increased/decreased)."""
        return self.zh_flat is not None


_SENTENCES: dict[str, _Sentence] = {
    item.kind: item
    for item in (
        _Sentence(
            "add",
            zh="{entity}{period}{metric}合计为{value}{citations}。",
            en="{entity} {metric} for {period} totaled {value}{citations}.",
            own_metric=True,
        ),
        _Sentence(
            "sub",
            zh="{entity}{period}{metric}为{value}{citations}。",
            en="{entity} {metric} for {period} was {value}{citations}.",
            own_metric=True,
        ),
        _Sentence(
            "sub_change",
            zh="{entity}{period}{metric}较{base_period}{direction}{magnitude}{citations}。",
            en=(
                "{entity} {metric} for {period} {direction} {magnitude} from"
                " {base_period}{citations}."
            ),
            zh_flat="{entity}{period}{metric}较{base_period}{direction}{citations}。",
            en_flat="{entity} {metric} for {period} {direction} from {base_period}{citations}.",
        ),
        _Sentence(
            "sub_entity",
            zh="{entity}{period}{metric}比{whole}{direction}{magnitude}{citations}。",
            en="{entity} {metric} for {period} {direction} {whole} by {magnitude}{citations}.",
            zh_flat="{entity}{period}{metric}与{whole}{direction}{citations}。",
            en_flat="{entity} {metric} for {period} {direction} {whole}{citations}.",
            own_metric=True,
        ),
        _Sentence(
            "yoy",
            zh="{entity}{period}{metric}同比{direction}{magnitude}{citations}。",
            en="{entity} {metric} for {period} {direction} {magnitude} year over year{citations}.",
            zh_flat="{entity}{period}{metric}同比{direction}{citations}。",
            en_flat="{entity} {metric} for {period} {direction} year over year{citations}.",
        ),
        _Sentence(
            "qoq",
            zh="{entity}{period}{metric}环比{direction}{magnitude}{citations}。",
            en=(
                "{entity} {metric} for {period} {direction} {magnitude} period over"
                " period{citations}."
            ),
            zh_flat="{entity}{period}{metric}环比{direction}{citations}。",
            en_flat="{entity} {metric} for {period} {direction} period over period{citations}.",
        ),
        _Sentence(
            "ratio",
            zh="{entity}{period}{metric}为{value}{citations}。",
            en="{entity} {metric} for {period} was {value}{citations}.",
            own_metric=True,
        ),
        _Sentence(
            "share",
            zh="{entity}{period}{metric}占{whole}的{value}{citations}。",
            en="{entity} accounted for {value} of {whole} {metric} in {period}{citations}.",
        ),
        _Sentence(
            "multiple_of",
            zh="{entity}{period}{metric}是{whole}的{value}{citations}。",
            en="{entity} {metric} for {period} was {value} that of {whole}{citations}.",
        ),
        _Sentence(
            "cagr",
            zh="{entity}{base_period}至{period}{metric}年复合增长率为{value}{citations}。",
            en=(
                "{entity} {metric} grew at a compound annual rate of {value} from"
                " {base_period} to {period}{citations}."
            ),
        ),
        _Sentence(
            "pp_change",
            zh="{entity}{period}{metric}较{base_period}{direction}{magnitude}{citations}。",
            en=(
                "{entity} {metric} for {period} {direction} {magnitude} from"
                " {base_period}{citations}."
            ),
            zh_flat="{entity}{period}{metric}较{base_period}{direction}{citations}。",
            en_flat="{entity} {metric} for {period} {direction} from {base_period}{citations}.",
        ),
        _Sentence(
            "change_over",
            zh="{entity}{period}{metric}较{base_period}{direction}{magnitude}{citations}。",
            en=(
                "{entity} {metric} for {period} {direction} {magnitude} from"
                " {base_period}{citations}."
            ),
            zh_flat="{entity}{period}{metric}较{base_period}{direction}{citations}。",
            en_flat="{entity} {metric} for {period} {direction} from {base_period}{citations}.",
        ),
        _Sentence(
            "average",
            zh="{entity}{period}{metric}平均为{value}{citations}。",
            en="{entity} average {metric} for {period} was {value}{citations}.",
        ),
        _Sentence(
            "average_balance",
            zh="{entity}{period}{metric}平均余额为{value}{citations}。",
            en="{entity} average {metric} for {period} was {value}{citations}.",
        ),
        _Sentence(
            "amount",
            zh="{entity}{period}{metric}为{value}{citations}。",
            en="{entity} {metric} for {period} was {value}{citations}.",
            own_metric=True,
        ),
    )
}

#: Scales a locale writes amounts in, largest first: (name, power of ten).
_SCALES = {
    "zh_CN": (("亿", 8), ("万", 4)),
    "en_US": (("billion", 9), ("million", 6)),
}
_UNIT_POWER = {"万": 4, "亿": 8, "thousand": 3, "million": 6, "billion": 9}


# -- words (_data/render.toml) -------------------------------------------------


@functools.cache
def _lists(key: str) -> dict[str, tuple[str, ...]]:
    """A table of lists in ``_data/render.toml`` as ``{list name: its words}``."""
    words = vocabulary("render")
    names = dict.fromkeys(words.table(key).values())  # the lists' names, in file order
    return {name: words.words(f"{key}.{name}") for name in names}


def _word(key: str, name: str) -> str:
    """The written word of one list (its first), e.g. ``_word("periods.zh_CN.halves", "1")``."""
    return _lists(key)[name][0]


@functools.cache
def _unit_names(key: str) -> dict[str, str]:
    """A table of written names as ``{dimension code: name}`` (``{"CNY": "元", …}``)."""
    return {code: name for name, codes in _lists(key).items() for code in codes}


@functools.cache
def _directions(locale: str, kind: str) -> tuple[str, str, str, str]:
    """(up, down, flat when the result is exactly zero, flat when it only displays as zero)."""
    key = f"directions.{locale}.{kind}"
    return (
        _word(key, "up"),
        _word(key, "down"),
        _word(key, "flat"),
        _word(key, "nearly_flat"),
    )


@public
def render(
    computation: Computation | Fact,
    *,
    locale: Locale = "zh_CN",
    template: str | None = None,
) -> str:
    """Write the answer sentence for ``computation``, with its citations.

    The number is ``computation.display`` written once, exactly (babel
    formatting; amounts scaled to 亿/万 for ``zh_CN`` and billion/million for
    ``en_US`` by moving the decimal point only; ratios as percentages;
    percentage-point changes as 个百分点 / percentage points). Citations list
    each input's evidence id, with its page when known, once each. A plain
    ``Fact`` is written as read (its value exactly, its own citation): a
    level as an amount, a change or growth rate with its direction against
    the period it compares to.

    Args:
        computation: The record to write, or a ``Fact``.
        locale: ``"zh_CN"`` or ``"en_US"``.
        template: A ``str.format`` template using the placeholders
            ``{entity}``, ``{metric}``, ``{period}``, ``{base_period}``,
            ``{whole}``, ``{value}`` and ``{citations}``; the locale's sentence
            for the operation by default.

    Raises:
        InvalidInputError: unknown locale, or a template with another
            placeholder, an attribute/index look-up, or a format spec.

    >>> from fincalc import Fact, yoy
    >>> c = yoy(Fact.build("8.7E+8", metric="营业收入", entity="华东区", period="2025Q3",
    ...                    evidence_id="2025Q3报告", page=12),
    ...         Fact.build("874320000", metric="营业收入", entity="华东区", period="2024Q3",
    ...                    evidence_id="2024Q3报告", page=11))
    >>> render(c)
    '华东区2025年第三季度营业收入同比下降0.49%（来源：2025Q3报告 第12页；2024Q3报告 第11页）。'
    >>> render(c, locale="en_US", template="{metric}: {value}")
    '营业收入: -0.49%'
    >>> render(Fact.build("553.1E+8", metric="地区生产总值", entity="全省", period="2024年",
    ...                   evidence_id="公报", page=2, role="change"))
    '全省2024年度地区生产总值较2023年度增加553.1亿元（来源：公报 第2页）。'
    """
    if isinstance(computation, Fact):
        return _render(_FactView.of(computation), locale, template)
    if not isinstance(computation, Computation):
        raise InvalidInputError(
            f"render needs a Computation or a Fact, got {type(computation).__name__}",
            argument="computation",
            value=repr(computation)[:80],
        )
    return _render(computation, locale, template)


def _render(computation: _Renderable, locale: str, template: str | None) -> str:
    if locale not in _LOCALES:
        raise InvalidInputError(
            f"render: locale {locale!r} is not supported; use 'zh_CN' or 'en_US'",
            argument="locale",
            value=locale,
        )
    kind = _kind(computation)
    if template is None:
        text = _SENTENCES[kind].template(locale, flat=not computation.display)
        if locale == "en_US" and computation.target.period.is_instant:
            text = text.replace(" for {period}", " as of {period}")
            text = text.replace(" in {period}", " as of {period}")
    else:
        text = template
    _check_template(text)
    values = _fields(computation, locale, kind)
    return text.format(**values)


@dataclass(frozen=True, slots=True)
class _FactView:
    """A fact seen as the record ``render`` writes: its value, exactly as read."""

    operation: str
    inputs: tuple[Fact, ...]
    target: Caliber
    rounding: Rounding
    display: Decimal
    result: Decimal
    calendar: FiscalCalendar | None

    @classmethod
    def of(cls, fact: Fact) -> _FactView:
        exponent = fact.value.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        rule = Rounding(min(places, 20))
        return cls("fact", (fact,), fact.caliber, rule, rule.apply(fact.value), fact.value, None)


_Renderable = Computation | _FactView
#: How a fact's role is written: a level as an amount, a change and a growth rate
#: with a direction word against the base period.
_FACT_KINDS = {Role.LEVEL: "amount", Role.CHANGE: "sub_change", Role.GROWTH: "change_over"}


def _kind(computation: _Renderable) -> str:
    """The sentence kind: a fact's by its role, a record's by its operation's entry."""
    if isinstance(computation, _FactView):
        return _FACT_KINDS[computation.target.role]
    return entry(computation).sentence_kind(computation)


def _check_template(template: object) -> None:
    if not isinstance(template, str):
        raise InvalidInputError(
            f"render: template must be a string, got {type(template).__name__}",
            argument="template",
            value=repr(template)[:80],
        )
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise InvalidInputError(
            f"render: template {template!r} is not a format string: {exc}",
            argument="template",
            value=template,
        ) from exc
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if name not in FIELDS or spec or conversion:
            raise InvalidInputError(
                f"render: template placeholder {{{name}}} is not allowed; use plain "
                f"{', '.join('{' + f + '}' for f in FIELDS)}",
                argument="template",
                value=template,
            )


def _fields(computation: _Renderable, locale: str, kind: str) -> dict[str, str]:
    target = computation.target
    first = computation.inputs[0].caliber
    second = computation.inputs[-1].caliber
    calendar = computation.calendar
    sentence = _SENTENCES[kind]
    metric = target.metric if sentence.own_metric else first.metric
    value = _value_text(computation, computation.display, locale)
    period = _period_text(target.period, locale, calendar)
    direction, magnitude = "", value
    if sentence.has_direction:
        up, down, flat, nearly_flat = _directions(locale, kind)
        sign = computation.display.compare(0)  # the number as written decides
        if sign:
            direction = up if sign > 0 else down
        else:
            direction = nearly_flat if computation.result else flat
        magnitude = _value_text(computation, computation.display.copy_abs(), locale)
    base = target.compared_to if target.compared_to is not None else second.period
    whole = second.entity
    if kind in ("share", "multiple_of") and first.period != second.period:
        # a quarter's share of its year, a multiple across years: the whole is a period
        whole_period = _period_text(second.period, locale, calendar)
        whole = whole_period if first.entity == second.entity else f"{whole}{whole_period}"
    return {
        "entity": first.entity if kind == "sub_entity" else target.entity,
        "metric": metric,
        "period": _span_text(computation, locale) if kind == "average" else period,
        "base_period": _period_text(base, locale, calendar),
        "whole": whole,
        "value": value,
        "direction": direction,
        "magnitude": magnitude,
        "citations": _citations(computation, locale),
    }


# -- numbers -------------------------------------------------------------------


@functools.cache
def _babel_locale(name: str) -> Any:
    """The parsed babel ``Locale`` for ``name`` (parsing it costs ~3 µs per call)."""
    from babel import Locale

    return Locale.parse(name)


def _format_number(value: Decimal, locale: str) -> str:
    """Exactly the digits of ``value``, grouped for ``locale`` (never rounds)."""
    from babel.numbers import format_decimal

    if not value:
        value = value.copy_abs()  # never write "-0.00"
    exponent = value.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    pattern = "#,##0" + ("." + "0" * places if places else "")
    with arithmetic():  # babel quantizes in the current context; keep the caller's intact
        return str(format_decimal(value, format=pattern, locale=_babel_locale(locale)))


def _strip(value: Decimal) -> Decimal:
    """Drop trailing fractional zeros (in context); exact."""
    if "." not in format(value, "f"):
        return value
    text = format(value, "f").rstrip("0").rstrip(".")
    return Decimal(text)


def _span_text(computation: _Renderable, locale: str) -> str:
    """The periods an average over periods spans: "2022年度至2024年度"."""
    periods = sorted(
        (fact.caliber.period for fact in computation.inputs), key=lambda p: (p.start, p.end)
    )
    first = _period_text(periods[0], locale, computation.calendar)
    last = _period_text(periods[-1], locale, computation.calendar)
    return f"{first}至{last}" if locale == "zh_CN" else f"{first} to {last}"


def _is_points(computation: _Renderable) -> bool:
    """A difference of two ratios: written in percentage points, never as a percentage."""
    if computation.operation == "pp_change":
        return True
    return computation.operation == "sub" and all(
        fact.caliber.dimension == RATIO for fact in computation.inputs
    )


def _value_text(computation: _Renderable, display: Decimal, locale: str) -> str:
    unit = computation.rounding.unit
    dimension = computation.target.dimension
    if unit == "%" or (dimension == RATIO and unit == "base"):
        # A ratio under a base-unit rule (0.1250) is written as a percentage (12.50%).
        if unit == "base":
            with arithmetic():
                display = display.scaleb(2)
        number = _format_number(display, locale)
        if _is_points(computation):
            return f"{number}个百分点" if locale == "zh_CN" else f"{number} percentage points"
        return f"{number}%"
    if not _scales(dimension):  # days, multiples: the number as displayed, with its word
        return _with_unit(_format_number(display, locale), "", dimension, locale)
    native = dict(_SCALES[locale])
    scaled: Decimal
    scale: str
    with arithmetic():
        if unit in native:  # already in a scale this locale writes
            scaled, scale = display, unit
        elif unit == "base":  # scale only when the scaled number stays short
            scaled, scale = display, ""
            for name, power in _SCALES[locale]:
                candidate = _strip(display.scaleb(-power))
                if abs(display) >= Decimal(1).scaleb(power) and _places(candidate) <= 2:
                    scaled, scale = candidate, name
                    break
        else:  # a scale this locale does not write (万 in en_US): re-scale exactly
            base = display.scaleb(_UNIT_POWER[unit])
            scaled, scale = base, ""
            for name, power in _SCALES[locale]:
                if abs(base) >= Decimal(1).scaleb(power):
                    scaled, scale = _strip(base.scaleb(-power)), name
                    break
    return _with_unit(_format_number(scaled, locale), scale, dimension, locale)


def _places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _scales(dimension: str) -> bool:
    """Whether an amount of ``dimension`` is written in 万/亿 or million/billion."""
    if "_PER_" in dimension:
        return _scales(dimension.split("_PER_", 1)[0])
    info = find_dimension(dimension)
    return is_money(dimension) or info is None or info.kind in ("count", "physical")


def _unit_word(dimension: str, locale: str, *, singular: bool = False) -> str:
    """The word written after a number of ``dimension`` (``_data/dimensions.toml``)."""
    info = find_dimension(dimension)
    if info is None:
        return ""
    if locale == "zh_CN":
        return info.zh or ""
    if info.en is None:
        return ""
    return info.en[0] if singular else info.en[1]


def _with_unit(number: str, scale: str, dimension: str, locale: str) -> str:
    if "_PER_" in dimension:  # per-unit figures: 元/股, CNY … per share
        top, bottom = dimension.split("_PER_", 1)
        per = _unit_word(bottom, locale, singular=True) or bottom.lower()
        if locale == "zh_CN":
            return f"{_with_unit(number, scale, top, locale)}/{per}"
        return f"{_with_unit(number, scale, top, locale)} per {per}"
    if dimension == RATIO:
        return f"{number}{scale}" if locale == "zh_CN" else f"{number} {scale}".rstrip()
    if locale == "zh_CN":
        if is_money(dimension):
            return f"{number}{scale}{_zh_currency(dimension)}"
        return f"{number}{scale}{_unit_word(dimension, locale)}"
    scale_text = f" {scale}" if scale else ""
    if is_money(dimension):
        return f"{dimension} {number}{scale_text}"
    info = find_dimension(dimension)
    word = _unit_word(dimension, locale, singular=number == "1" and not scale)
    if info is not None and info.kind == "multiple":
        return f"{number}{word}"  # a multiple is written 1.73x
    return f"{number}{scale_text}" + (f" {word}" if word else "")


def _zh_currency(code: str) -> str:
    names = _unit_names("unit_names.zh_CN.currencies")
    if code in names:
        return names[code]
    from babel.numbers import get_currency_name

    return str(get_currency_name(code, locale=_babel_locale("zh_CN")))


# -- periods and citations -------------------------------------------------------


def _period_text(period: Period, locale: str, calendar: FiscalCalendar | None) -> str:
    cal = calendar or CALENDAR_YEAR
    if period.is_instant:
        return _date_text(period.start, locale)
    name = cal.describe(period)
    fiscal = "" if cal == CALENDAR_YEAR else ("财" if locale == "zh_CN" else "FY")
    if name == str(period):  # no name under this calendar: dates in words, never "[a, b)"
        first, last = _date_text(period.start, locale), _date_text(period.last_day, locale)
        return f"{first}至{last}" if locale == "zh_CN" else f"{first} to {last}"
    if name.startswith("FY"):
        year = name[2:]
        if locale == "zh_CN":
            return f"{year}财年" if fiscal else f"{year}年度"
        return name
    if "Q" in name and name.split("Q")[0].isdigit():
        year, quarter = name.split("Q")
        if locale == "zh_CN":
            return f"{year}{fiscal}年{_word('periods.zh_CN.quarters', str(int(quarter)))}"
        return f"Q{quarter} {fiscal}{year}"
    if "H" in name and name.split("H")[0].isdigit():
        year, half = name.split("H")
        if locale == "zh_CN":
            return f"{year}{fiscal}年{_word('periods.zh_CN.halves', half)}"
        return f"H{half} {fiscal}{year}"
    if "M" in name and name.split("M")[0].isdigit():
        months, year = name.split("M")
        if locale == "zh_CN":
            spans = _lists("periods.zh_CN.year_to_date")
            label = spans.get(str(int(months)), (f"前{months}个月",))[0]
            return f"{year}{fiscal}年{label}"
        return f"{months}M {fiscal}{year}"
    if len(name) == 7 and name[4] == "-":
        year, month = name.split("-")
        if locale == "zh_CN":
            return f"{year}年{int(month)}月"
        return _month_text(int(year), int(month))
    return name


def _date_text(day: date, locale: str) -> str:
    from babel.dates import format_date

    return str(format_date(day, format="long", locale=_babel_locale(locale)))


def _month_text(year: int, month: int) -> str:
    from babel.dates import format_date

    return str(format_date(date(year, month, 1), format="MMMM y", locale=_babel_locale("en_US")))


def _citations(computation: _Renderable, locale: str) -> str:
    seen: list[str] = []
    for evidence in leaf_evidence(computation.inputs):
        if evidence.page is None:
            item = evidence.evidence_id
        elif locale == "zh_CN":
            item = f"{evidence.evidence_id} 第{evidence.page}页"
        else:
            item = f"{evidence.evidence_id}, p. {evidence.page}"
        if item not in seen:
            seen.append(item)
    if locale == "zh_CN":
        return f"（来源：{'；'.join(seen)}）"
    return f" (sources: {'; '.join(seen)})"
