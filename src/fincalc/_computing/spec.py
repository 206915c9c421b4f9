"""The declared parts of an operation: sign conventions, ratio analytics, formulas.

These are the parameters a caller declares and a ``Computation`` records, so
that a replay recomputes exactly what was asked: the sign convention applied
to an input ("(460.8)" taken as the magnitude 460.8), the analytic a ratio
was declared as (a turnover, a return, days), and a formula's definition
(its terms, their signs and conventions, its shape).
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from importlib import resources
from typing import Any, Literal, get_args

import regex

from .._base.bounded import check_no_surrogate
from .._base.exceptions import DataFileError, InvalidInputError
from .._base.public import public
from .._values.decimals import to_decimal

__all__ = [
    "CONVENTIONS",
    "FORMULA_KINDS",
    "RATIO_KINDS",
    "Formula",
    "FormulaKind",
    "FormulaTerm",
    "RatioKind",
    "Sign",
    "SignConvention",
    "check_days",
    "is_one_of",
    "registered",
]

#: How a figure's written sign is read: ``as_written`` (a negative is a real
#: negative: a net loss, a net outflow) or ``magnitude`` (the line is
#: non-negative by nature and brackets are presentation: capex "(460.8)").
SignConvention = Literal["as_written", "magnitude"]
#: The analytics ``ratio(..., kind=...)`` may be declared as.
RatioKind = Literal["multiple", "turnover", "return", "days", "per_unit", "leverage"]
#: A formula's shape: a signed sum, or a quotient read as one of the analytics.
FormulaKind = Literal[
    "sum", "ratio", "multiple", "turnover", "return", "days", "per_unit", "leverage"
]
Sign = Literal["+", "-"]

CONVENTIONS: frozenset[str] = frozenset(get_args(SignConvention))
RATIO_KINDS: frozenset[str] = frozenset(get_args(RatioKind))
FORMULA_KINDS: frozenset[str] = frozenset(get_args(FormulaKind))
_SIGNS = frozenset(get_args(Sign))
_MAX_TERMS = 32


def is_one_of(value: object, choices: frozenset[str] | set[str]) -> bool:
    """``value in choices`` for a text value; never raises (a list is simply not one)."""
    return isinstance(value, str) and value in choices


def _fail(what: str, value: object, fix: str) -> InvalidInputError:
    return InvalidInputError(f"{what} {value!r}; {fix}", argument="formula", value=repr(value)[:80])


@public
@dataclass(frozen=True, slots=True)
class FormulaTerm:
    """One named input of a ``Formula`` and the sign convention it is read under.

    Attributes:
        name: The term's name (``capital_expenditure``); the key a caller
            passes the fact under.
        convention: ``as_written`` or ``magnitude``; ``None`` (a custom
            formula's default) refuses a negative figure instead of guessing.
        description: What figure the term is, for messages and docs.

    >>> FormulaTerm("capital_expenditure", "magnitude").convention
    'magnitude'
    """

    name: str
    convention: SignConvention | None = None
    description: str = ""

    def __post_init__(self) -> None:
        name = self.name
        for text in (name, self.description):
            check_no_surrogate(text, "FormulaTerm")
        if not isinstance(name, str) or not name.strip() or len(name) > 500:
            raise _fail(
                "a formula term's name must be non-blank text of at most 500 characters, got",
                self.name,
                "name it like 'operating_cash_flow'",
            )
        if self.convention is not None and not is_one_of(self.convention, CONVENTIONS):
            raise _fail(
                f"term {self.name!r}: the sign convention must be 'as_written' or 'magnitude', got",
                self.convention,
                "'magnitude' reads an outflow written '(460.8)' as 460.8",
            )
        if not isinstance(self.description, str):
            raise _fail(f"term {self.name!r}: description must be text, got", self.description, "")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"name": self.name, "convention": self.convention, "description": self.description}


@public
@dataclass(frozen=True, slots=True)
class Formula:
    """A declared formula: named terms combined by a written rule (the registry's entries).

    A ``sum`` adds its ``numerator`` terms with their signs (free cash flow =
    operating cash flow − capital expenditure). Every other kind divides the
    signed sum ``numerator`` by the signed sum ``denominator``: ``ratio``
    and ``multiple`` over one entity, period and basis (gross margin,
    interest coverage); ``turnover`` and ``return`` divide a flow by a
    balance or an average balance (asset turnover, ROA); ``days`` divides a
    balance by a flow and multiplies by the days of the period (DSO).

    Attributes:
        name: The registry key (``free_cash_flow``) or ``custom``.
        metric: The result's metric in English (``free cash flow``).
        terms: The distinct named inputs, each with its sign convention.
        numerator: ``(sign, term name)`` pairs; the whole formula for a sum.
        denominator: ``(sign, term name)`` pairs; empty for a sum.
        kind: ``sum``, ``ratio``, ``multiple``, ``turnover``, ``return`` or ``days``.
        metric_zh: The result's metric in Chinese (``自由现金流``), if known.
        definition: The rule in words.
        source: Where the definition comes from.
        aliases: Other names the registry finds it by (``FCF``, ``自由现金流``).

    >>> f = Formula.named("FCF")
    >>> f.name, f.term_names
    ('free_cash_flow', ('operating_cash_flow', 'capital_expenditure'))
    >>> f.numerator
    (('+', 'operating_cash_flow'), ('-', 'capital_expenditure'))
    """

    name: str
    metric: str
    terms: tuple[FormulaTerm, ...]
    numerator: tuple[tuple[Sign, str], ...]
    denominator: tuple[tuple[Sign, str], ...] = ()
    kind: FormulaKind = "sum"
    metric_zh: str = ""
    definition: str = ""
    source: str = ""
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for text in (self.name, self.metric, self.metric_zh, self.definition, self.source):
            check_no_surrogate(text, "Formula")
        for field in ("name", "metric"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value.strip():
                raise _fail(f"Formula.{field} must be non-empty text, got", value, "")
        if not is_one_of(self.kind, FORMULA_KINDS):
            raise _fail(
                f"formula {self.name!r}: kind must be one of {sorted(FORMULA_KINDS)}, got",
                self.kind,
                "",
            )
        if not isinstance(self.terms, tuple) or not 1 <= len(self.terms) <= _MAX_TERMS:
            raise _fail(f"formula {self.name!r} needs 1-{_MAX_TERMS} terms, got", self.terms, "")
        names = [term.name for term in self.terms if isinstance(term, FormulaTerm)]
        if len(names) != len(self.terms) or len(set(names)) != len(names):
            raise _fail(
                f"formula {self.name!r}: terms must be distinct FormulaTerms, got", names, ""
            )
        self._check_parts(set(names))

    def _check_parts(self, names: set[str]) -> None:
        used: set[str] = set()
        for part in ("numerator", "denominator"):
            pairs = getattr(self, part)
            if not isinstance(pairs, tuple):
                raise _fail(f"formula {self.name!r}: {part} must be a tuple, got", pairs, "")
            for pair in pairs:
                if (
                    not isinstance(pair, tuple)
                    or len(pair) != 2
                    or not is_one_of(pair[0], _SIGNS)
                    or not is_one_of(pair[1], names)
                ):
                    raise _fail(
                        f"formula {self.name!r}: each {part} entry is (sign, term name) with a "
                        f"sign of '+' or '-' and one of {sorted(names)}, got",
                        pair,
                        "",
                    )
                used.add(pair[1])
        if not self.numerator:
            raise _fail(f"formula {self.name!r} has an empty numerator:", self.numerator, "")
        if (self.kind == "sum") != (not self.denominator):
            raise _fail(
                f"formula {self.name!r}: a sum has no denominator and a quotient has one; "
                f"kind {self.kind!r} with denominator",
                self.denominator,
                "",
            )
        if used != names:
            raise _fail(
                f"formula {self.name!r}: every term must be used; unused", sorted(names - used), ""
            )

    @property
    def term_names(self) -> tuple[str, ...]:
        """The terms' names, in order (the keys ``formula()`` takes)."""
        return tuple(term.name for term in self.terms)

    @classmethod
    def named(cls, name: str) -> Formula:
        """The registry formula called ``name`` (its key or an alias, any case).

        Raises:
            InvalidInputError: no formula has that name; the message lists them.

        >>> Formula.named("净资产收益率").name
        'return_on_equity'
        """
        return registered(name)

    @staticmethod
    def catalogue() -> tuple[Formula, ...]:
        """Every registry formula, in the data file's order.

        >>> "ebitda" in [f.name for f in Formula.catalogue()]
        True
        """
        return tuple(_registry()[0].values())

    def with_conventions(self, signs: object) -> Formula:
        """A copy whose terms read under the conventions ``signs`` declares (term → convention).

        >>> f = Formula.named("ebitda_from_net_income")
        >>> f.with_conventions({"income_tax_expense": "magnitude"}).terms[2].convention
        'magnitude'
        """
        if not isinstance(signs, dict) or not signs:
            raise InvalidInputError(
                f"formula {self.name!r}: signs= maps term names to 'as_written' or 'magnitude', "
                f"got {signs!r}"[:200],
                argument="signs",
                value=repr(signs)[:80],
            )
        unknown = sorted(str(name) for name in signs if name not in self.term_names)
        if unknown:
            raise InvalidInputError(
                f"formula {self.name!r}: signs= names {', '.join(unknown)}, which are not its "
                f"terms ({', '.join(self.term_names)})",
                argument="signs",
                value=", ".join(unknown)[:80],
            )
        terms = tuple(
            FormulaTerm(term.name, signs.get(term.name, term.convention), term.description)
            for term in self.terms
        )
        return Formula(
            self.name,
            self.metric,
            terms,
            self.numerator,
            self.denominator,
            self.kind,
            self.metric_zh,
            self.definition,
            self.source,
            self.aliases,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (what a ``Computation`` stores to replay it)."""
        return {
            "name": self.name,
            "metric": self.metric,
            "metric_zh": self.metric_zh,
            "kind": self.kind,
            "terms": [term.to_dict() for term in self.terms],
            "numerator": [list(pair) for pair in self.numerator],
            "denominator": [list(pair) for pair in self.denominator],
            "definition": self.definition,
            "source": self.source,
            "aliases": list(self.aliases),
        }

    def canonical(self) -> dict[str, Any]:
        """What decides the result (for fingerprints): no prose, no aliases, sorted parts."""
        return {
            "name": self.name,
            "kind": self.kind,
            "terms": sorted([term.name, term.convention or ""] for term in self.terms),
            "numerator": sorted(list(pair) for pair in self.numerator),
            "denominator": sorted(list(pair) for pair in self.denominator),
        }


def check_days(days: object) -> Decimal:
    """A day count: a positive Decimal (int or text) of at most 1,000 days, never a float."""
    value = to_decimal(days, field="days")
    if not 0 < value <= 1000:
        raise InvalidInputError(
            f"days={days!r} is not a day count; pass the days of the period, e.g. 365 for a "
            "year, 90 or 91 for a quarter",
            argument="days",
            value=str(days),
        )
    return value


# -- the registry: _data/formulas.toml -------------------------------------------

_SOURCE = "fincalc/_data/formulas.toml"
_KEY = regex.compile(r"[a-z][a-z0-9_]{0,63}")
_FIELDS = frozenset(
    {
        "metric",
        "metric_zh",
        "aliases",
        "kind",
        "numerator",
        "denominator",
        "definition",
        "source",
        "terms",
    }
)
_SPACES = regex.compile(r"\s+")


def _lookup_key(name: str) -> str:
    """How a formula name is looked up: case- and space-insensitive."""
    return _SPACES.sub(" ", name.strip()).casefold()


def _data_fail(key: str, why: str) -> DataFileError:
    return DataFileError(f"{_SOURCE}: [{key}] {why}", entry=key, source=_SOURCE)


def _signed(key: str, part: str, raw: object) -> tuple[tuple[Sign, str], ...]:
    if raw is None and part == "denominator":
        return ()
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise _data_fail(key, f"{part} must be a list of '+name' / '-name' strings, got {raw!r}")
    pairs: list[tuple[Sign, str]] = []
    for item in raw:
        sign, name = item[:1], item[1:]
        if sign == "+":
            pairs.append(("+", name))
        elif sign == "-":
            pairs.append(("-", name))
        else:
            raise _data_fail(key, f"{part} entry {item!r} must start with '+' or '-'")
    return tuple(pairs)


def load_formula(key: str, raw: object) -> Formula:
    """One registry entry, validated (a malformed entry raises ``DataFileError``)."""
    if not _KEY.fullmatch(key):
        raise _data_fail(key, "a formula key is snake_case ASCII, e.g. free_cash_flow")
    if not isinstance(raw, dict):
        raise _data_fail(key, "must be a table")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise _data_fail(key, f"unknown field(s) {sorted(unknown)}")
    terms_raw = raw.get("terms")
    if not isinstance(terms_raw, dict) or not terms_raw:
        raise _data_fail(key, "needs [key.terms.<name>] tables, one per term")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        raise _data_fail(key, f"aliases must be a list of names, got {aliases!r}")
    try:
        terms = []
        for name, term in terms_raw.items():
            if not isinstance(term, dict) or set(term) - {"convention", "description"}:
                raise _data_fail(key, f"term {name!r} takes only convention and description")
            convention = term.get("convention")
            if convention is not None and not is_one_of(convention, CONVENTIONS):
                raise _data_fail(
                    key,
                    f"term {name!r}: convention must be 'as_written' or 'magnitude' (or absent "
                    "when the line's sign is genuinely ambiguous)",
                )
            terms.append(FormulaTerm(name, convention, term.get("description", "")))
        return Formula(
            name=key,
            metric=raw.get("metric", ""),
            terms=tuple(terms),
            numerator=_signed(key, "numerator", raw.get("numerator")),
            denominator=_signed(key, "denominator", raw.get("denominator")),
            kind=raw.get("kind", ""),
            metric_zh=raw.get("metric_zh", ""),
            definition=raw.get("definition", ""),
            source=raw.get("source", ""),
            aliases=tuple(aliases),
        )
    except InvalidInputError as exc:
        raise _data_fail(key, str(exc)) from exc


def index_formulas(formulas: dict[str, Formula]) -> dict[str, str]:
    """Every name (key or alias) to its formula's key; a duplicate fails naming both."""
    index: dict[str, str] = {}
    for key, formula in formulas.items():
        for name in (key, *formula.aliases):
            folded = _lookup_key(name)
            other = index.get(folded)
            if other is not None and other != key:
                raise _data_fail(
                    key, f"the name {name!r} is also a name of [{other}]; names must be unique"
                )
            index[folded] = key
    return index


@functools.cache
def _registry() -> tuple[dict[str, Formula], dict[str, str]]:
    text = resources.files("fincalc").joinpath("_data/formulas.toml").read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{_SOURCE}: not valid TOML: {exc}", source=_SOURCE) from exc
    formulas = {key: load_formula(key, raw) for key, raw in data.items()}
    return formulas, index_formulas(formulas)


def registered(name: object) -> Formula:
    """The registry formula called ``name`` (key or alias, case- and space-insensitive)."""
    if isinstance(name, str) and len(name) <= 200:
        return _registered(name)
    return _registered_slowly(name)


@functools.lru_cache(maxsize=256)
def _registered(name: str) -> Formula:
    return _registered_slowly(name)


def _registered_slowly(name: object) -> Formula:
    formulas, index = _registry()
    key = index.get(_lookup_key(name)) if isinstance(name, str) else None
    if key is None:
        raise InvalidInputError(
            f"no formula is called {name!r}; the registry has {', '.join(formulas)} "
            "(Formula.catalogue() lists them with their aliases); for a formula of your "
            "own, combine(Term(...), ..., metric=...)",
            argument="name",
            value=repr(name)[:80],
        )
    return formulas[key]
