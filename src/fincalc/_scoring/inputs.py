"""Evaluation records: ``GoldCase`` and ``Prediction``, their loaders, and the bundled sample.

Records are validated once, at the boundary, with pydantic (frozen models);
scoring then reads plain attributes.  JSON numbers are read as ``Decimal``
from their text, so ``1.45`` keeps its two decimal places and never passes
through a binary float.  A bad record raises ``InvalidRecordError`` naming
the file, the line and the field, and so does building one directly
(``GoldCase(...)``, ``GoldCase.model_validate(...)``,
``Prediction.model_validate_json(...)``): pydantic's ``ValidationError``
never escapes.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    PrivateAttr,
    ValidationError,
    model_validator,
)

from .._base.bounded import (
    MAX_FILE_BYTES,
    check_json_text,
    decode_json,
    read_lines,
    read_text,
    surrogate_field,
)
from .._base.exceptions import FincalcError, InvalidInputError, InvalidRecordError
from .._base.public import public
from .._grounding.sign_words import asks_for_a_decrease
from .._judging.extraction import unit_context
from .._judging.kinds import known_dimension
from .._judging.precision import Gold, read_gold
from .._judging.question_unit import (
    question_period,
    question_places,
    question_subject,
    question_unit,
)
from .._judging.tolerance import Tolerance
from .._values.caliber import Caliber
from .._values.decimals import to_decimal
from .._values.period import parse_period

__all__ = [
    "GoldCase",
    "Prediction",
    "Sample",
    "gold_reading",
    "load_gold",
    "load_predictions",
    "load_sample",
]


def _decimal(value: Any) -> Decimal | None:
    if value is None:
        return None
    try:
        return to_decimal(value)
    except InvalidInputError as exc:
        raise ValueError(exc.message.removeprefix("value: ")) from None


def _dimension(value: Any) -> str | None:
    if value is None:
        return None
    try:
        return known_dimension(value)
    except InvalidInputError as exc:
        raise ValueError(exc.message.removeprefix("dimension: ")) from None


def _unit(value: Any) -> str | None:
    """The unit a question asked for, checked now so a typo fails at load time."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"a unit must be a string such as '亿元' or 'USD millions', got {value!r}")
    try:
        unit_context(value)
    except FincalcError as exc:
        raise ValueError(exc.message) from None
    return value


def _caliber(value: Any) -> Caliber | None:
    """A Caliber from ``Caliber.to_dict`` output, or with a period written as text.

    ``{"period": "2025Q3"}`` is read with ``parse_period``, and the basis it
    implies is used unless the record gives one.
    """
    if value is None or isinstance(value, Caliber):
        return value
    if not isinstance(value, Mapping):
        raise ValueError(f"a caliber must be an object, got {type(value).__name__}")
    data = dict(value)
    period = data.get("period")
    if isinstance(period, str):
        try:
            parsed = parse_period(period)
        except FincalcError as exc:
            raise ValueError(exc.message) from None
        data["period"] = {"start": parsed.period.start, "end": parsed.period.end}
        data.setdefault("basis", parsed.basis.value)
    try:
        return Caliber.from_dict(data)
    except FincalcError as exc:
        raise ValueError(exc.message) from None


def _tolerance(value: Any) -> Tolerance | None:
    if value is None:
        return None
    try:
        return Tolerance.from_dict(value)
    except FincalcError as exc:
        raise ValueError(exc.message) from None


def _ids(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(f"expected a list of ids, got {value!r}")
    ids = tuple(value)
    if not all(isinstance(i, str) and i for i in ids):
        raise ValueError(f"ids must be non-empty strings, got {list(ids)!r}")
    return ids


def _decimal_json(value: Decimal | None) -> str | None:
    return None if value is None else str(value)  # "8.7E+8": the exponent is the precision


def _to_dict_json(value: Caliber | Tolerance | None) -> dict[str, Any] | None:
    return None if value is None else value.to_dict()


def _ids_json(value: tuple[str, ...] | None) -> list[str] | None:
    return None if value is None else list(value)


# Each field type says how it is written to JSON too: the validators take any input, so
# pydantic cannot infer a serializer (model_dump_json warned, and raised under -W error).
OptionalDecimal = Annotated[
    Decimal | None, PlainValidator(_decimal), PlainSerializer(_decimal_json, when_used="json")
]
OptionalDimension = Annotated[str | None, PlainValidator(_dimension)]
OptionalUnit = Annotated[str | None, PlainValidator(_unit)]
OptionalCaliber = Annotated[
    Caliber | None, PlainValidator(_caliber), PlainSerializer(_to_dict_json, when_used="json")
]
OptionalTolerance = Annotated[
    Tolerance | None, PlainValidator(_tolerance), PlainSerializer(_to_dict_json, when_used="json")
]
OptionalIds = Annotated[
    tuple[str, ...] | None, PlainValidator(_ids), PlainSerializer(_ids_json, when_used="json")
]


def _id_tuple(value: Any) -> tuple[str, ...]:
    return _ids(value) or ()


IdTuple = Annotated[
    tuple[str, ...], PlainValidator(_id_tuple), PlainSerializer(list, when_used="json")
]

_CONFIG = ConfigDict(
    frozen=True,
    extra="forbid",
    coerce_numbers_to_str=True,
    str_strip_whitespace=False,
)

_R = TypeVar("_R", bound="_Record")


class _Record(BaseModel):
    """A frozen record whose validation errors are ``InvalidRecordError``s.

    ``model_validate``, ``model_validate_json`` and the constructor all raise
    ``InvalidRecordError`` (with the field and the reason) instead of
    pydantic's ``ValidationError``, as ``Claim`` does.
    """

    model_config = _CONFIG

    def __init__(self, /, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise _record_error(exc, type(self).__name__, None, data) from exc

    # Pydantic calls a model's own ``__init__`` from ``model_validate`` unless
    # it is marked as the base one.  This ``__init__`` only translates the
    # error, so validation may skip it (and ``model_validate`` translates too).
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    @model_validator(mode="after")
    def _text_is_text(self) -> _Record:
        """Refuse a lone surrogate in any text field: the record could not be written as UTF-8."""
        name = surrogate_field({n: getattr(self, n) for n in type(self).model_fields})
        if name is not None:
            raise ValueError(
                f"field {name!r} holds a lone surrogate (U+D800-U+DFFF), which is not text; "
                "fix the producer of this record"
            )
        return self

    @classmethod
    def model_validate(cls: type[_R], obj: Any, *args: Any, **kwargs: Any) -> _R:
        """Validate a mapping; a bad one raises ``InvalidRecordError``."""
        return cls._checked(obj, cls.__name__, None, *args, **kwargs)

    @classmethod
    def model_validate_json(cls: type[_R], json_data: Any, *args: Any, **kwargs: Any) -> _R:
        """Validate one JSON object (numbers read as ``Decimal``); raise ``InvalidRecordError``."""
        source = cls.__name__
        try:
            text = json_data
            data = decode_json(text, source)
        except (TypeError, AttributeError, UnicodeDecodeError) as exc:
            raise InvalidRecordError(
                f"{source}: expected JSON text, got {type(json_data).__name__}",
                source=source,
                reason="not JSON text",
            ) from exc
        if not isinstance(data, Mapping):
            raise InvalidRecordError(
                f"{source}: a record must be a JSON object, got {type(data).__name__}",
                source=source,
                reason="not an object",
            )
        return cls._checked(data, source, None, *args, **kwargs)

    @classmethod
    def _checked(
        cls: type[_R], obj: Any, source: str, line: int | None, *args: Any, **kwargs: Any
    ) -> _R:
        try:
            return super().model_validate(obj, *args, **kwargs)
        except ValidationError as exc:
            raise _record_error(exc, source, line, obj) from exc


#: How much of a question is read for what it asks (questions are short; a huge one is cut).
_MAX_QUESTION = 4_000


@public
class GoldCase(_Record):
    """One evaluation question with its gold answer.

    Attributes:
        qid: Unique question id.
        question: The question text, shown in reports.  Read as
            ``check_answer`` reads it: the gold's frame when ``unit`` is not
            given ("$1577.00" asked "(in USD millions)" is $1,577 million), the
            precision it asks for, the year and subject of the figure, and
            whether it asks how large a decrease or a loss is ("By how much
            did revenue decrease?", "净亏损多少？"); then the gold is that size,
            and "Revenue decreased by $1.2 million" or "净亏损1.2亿元" matches
            "$1.2 million" / "1.2亿元" while an increase or a profit does not.
        value: The gold value in base units (元 for CNY, 1 for RATIO: 5.2 % is
            ``0.052``), or ``None`` when the correct answer is a refusal.  Its
            written digits are its precision ("0.40" is precise to the hundredth).
        answer: The gold answer as written ("$303 million", "93.86", "24.3%",
            "$1577.00" with ``unit="million"``), read in ``unit``: it gives
            ``value`` (when that is omitted), the dimension (when omitted) and
            the precision an answer is judged at.
        precision: The gold's precision as a power of ten in base units
            ("1E+6": to the million); overrides what ``value`` or ``answer`` says.
        dimension: ``CNY``, ``USD``, ``RATIO``, ``DAYS``, …; required when
            ``value`` is given, unless ``answer`` supplies it or is a plain
            number ("93.86"), which an answer's figure of any dimension may match.
        unit: The unit the question asked for ("亿元", "USD millions", "percent"):
            bare numbers in a free-text answer are read in it, or in full.
        caliber: What the number means; checked against the prediction's caliber.
        evidence_ids: Ids of the documents or chunks that hold the answer.
        relevance: Graded relevance by id for nDCG (default: each evidence id is 1).
        category: Free text used for the breakdown (``single_vs_cumulative``,
            ``unit_mixing``, ``currency_mixing``, ``missing``, ``zero_base``, …).
        kind: ``extraction`` (read straight from a filing) or ``derived`` (computed).
        tolerance: Overrides the evaluation's tolerance for this case.

    >>> GoldCase(qid="q1", value="870000000", dimension="CNY").value
    Decimal('870000000')
    >>> GoldCase.model_validate({"qid": "q2", "value": None}).answerable
    False
    >>> case = GoldCase(qid="q4", answer="$1577.00", unit="million")
    >>> case.value, case.dimension, case.gold_reading.exponent
    (Decimal('1.57700E+9'), 'USD', 6)
    >>> GoldCase(qid="q3", value="1.5")
    Traceback (most recent call last):
    ...
    fincalc.InvalidRecordError: GoldCase (qid 'q3'): field '(record)': a gold value ...
    """

    qid: str = Field(min_length=1)
    question: str | None = None
    value: OptionalDecimal = None
    answer: str | None = None
    precision: OptionalDecimal = None
    dimension: OptionalDimension = None
    unit: OptionalUnit = None
    caliber: OptionalCaliber = None
    evidence_ids: IdTuple = ()
    relevance: dict[str, int] | None = None
    category: str = "uncategorized"
    kind: Literal["extraction", "derived"] = "extraction"
    tolerance: OptionalTolerance = None
    _gold: Gold | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _read_the_gold(self) -> GoldCase:
        """Fill ``value`` and ``dimension`` from ``answer``; keep the written precision."""
        if self.answer is not None:
            self._from_answer(self.answer)
        if self.value is None:
            if self.precision is not None:
                raise ValueError("precision needs a gold value (value or answer)")
            return self
        if self.dimension is None and self._gold is None:
            raise ValueError(
                "a gold value needs its dimension (e.g. 'CNY', 'USD', 'RATIO'); set "
                "dimension, write the answer with its unit ('$303 million', '24.3%'), or set "
                "value to null for a question that expects a refusal"
            )
        if self._gold is None or self.precision is not None:
            places = question_places(self.question) if self.question else None
            unit = self.unit or (question_unit(self.question) if self.question else None)
            try:
                gold = read_gold(
                    self.value,
                    dimension=self.dimension,
                    precision=self.precision,
                    places=places,
                    unit=unit,
                )
            except FincalcError as exc:
                raise ValueError(exc.message) from None
            if self._gold is not None:
                gold = replace(gold, value=self._gold.value)
            self._gold = gold
        gold = self._gold
        if (
            gold is not None
            and gold.value
            and self.question
            and asks_for_a_decrease(self.question[:_MAX_QUESTION])
        ):  # "How much did debt decrease?": the size ("decreased by $229 million" is 229)
            gold = self._gold = replace(gold, value=gold.value.copy_abs(), magnitude=True)
        if gold is not None and self.question:
            self._gold = replace(
                gold, period=question_period(self.question), subject=question_subject(self.question)
            )
        return self

    def _from_answer(self, answer: str) -> None:
        unit = self.unit
        if unit is None and self.question:
            unit = question_unit(self.question)  # the gold in the question's frame
        places = question_places(self.question) if self.question else None
        try:
            gold = read_gold(answer, dimension=self.dimension, unit=unit, places=places)
        except FincalcError as exc:
            raise ValueError(exc.message.replace("expected:", "answer:", 1)) from None
        if self.value is not None:
            quantum = Decimal((0, (1,), gold.exponent))
            try:
                agrees = self.value.quantize(quantum) == gold.value.quantize(quantum)
            except ArithmeticError:
                agrees = False
            if not agrees:
                raise ValueError(
                    f"value {self.value} disagrees with answer {answer!r} "
                    f"({gold.value} to {quantum}); fix one or drop value"
                )
            gold = replace(gold, value=self.value)
        if gold.dimension is None and self.dimension is None and unit is not None:
            gold = replace(gold, dimension=unit_context(unit).dimension)
        # the model is frozen: fill the fields the answer gives, once, while validating
        object.__setattr__(self, "value", gold.value)
        object.__setattr__(self, "dimension", self.dimension or gold.dimension)
        self._gold = replace(gold, dimension=self.dimension)

    @property
    def gold_reading(self) -> Gold | None:
        """The gold as written: value, dimension and the exponent of its last digit."""
        return gold_reading(self)

    @property
    def answerable(self) -> bool:
        """True when the gold case has a value (False: the right answer is a refusal)."""
        return self.value is not None


@public
class Prediction(_Record):
    """One system answer: a structured value, a free-text answer, or both.

    When both are given, the structured value is scored and the text is used
    for refusal detection (when ``refused`` is not given), citation ids and the
    citation format.

    Attributes:
        qid: The question answered.
        value: The answer in base units (its exponent is its written precision:
            ``"3.03E+8"`` was written to the million).
        dimension: The value's dimension (default: the gold case's).
        caliber: What the system says the number means.
        cited: Ids the answer cites (default: gold ids that occur in the text).
        text: The free-text answer.
        refused: Whether the system refused (default: detected from the text).
        retrieved: Ranked ids the retriever returned, best first.

    >>> Prediction(qid="q1", text="营业收入为 8.7 亿元").text
    '营业收入为 8.7 亿元'
    """

    qid: str = Field(min_length=1)
    value: OptionalDecimal = None
    dimension: OptionalDimension = None
    caliber: OptionalCaliber = None
    cited: OptionalIds = None
    text: str | None = None
    refused: bool | None = None
    retrieved: OptionalIds = None


def gold_reading(case: GoldCase) -> Gold | None:
    """``case.gold_reading`` for the scoring hot path.

    Pydantic serves a private attribute through ``__getattr__`` (over a
    microsecond); its private dictionary is an ordinary attribute.
    """
    private: dict[str, Gold | None] = case.__pydantic_private__  # type: ignore[assignment]
    return private["_gold"]


# -- loaders --------------------------------------------------------------------

_M = TypeVar("_M", GoldCase, Prediction)

Source = str | os.PathLike[str] | Iterable[Mapping[str, Any] | GoldCase | Prediction]


def _record_error(exc: ValidationError, source: str, line: int | None, data: Any) -> FincalcError:
    first = exc.errors(include_url=False)[0]
    field = ".".join(str(part) for part in first.get("loc", ())) or None
    reason = str(first.get("msg", "invalid"))
    reason = reason.removeprefix("Value error, ")
    qid = data.get("qid") if isinstance(data, Mapping) else None
    where = f"{source}:{line}" if line is not None else source
    about = f" (qid {qid!r})" if isinstance(qid, str | int) else ""
    return InvalidRecordError(
        f"{where}{about}: field {field or '(record)'!r}: {reason}",
        source=source,
        line=line,
        field=field,
        reason=reason,
    )


def _validate(model: type[_M], data: Any, source: str, line: int | None) -> _M:
    if isinstance(data, model):
        return data
    if not isinstance(data, Mapping):
        where = f"{source}:{line}" if line is not None else source
        raise InvalidRecordError(
            f"{where}: a record must be a JSON object, got {type(data).__name__}",
            source=source,
            line=line,
            reason="not an object",
        )
    return model._checked(data, source, line)


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WHITESPACE:
        pos += 1
    return pos


_WHITESPACE = " \t\r\n"


def _iter_json_array(text: str, source: str) -> Iterator[tuple[int, Any]]:
    """Yield ``(line, record)`` from a JSON array, keeping each record's line number.

    The whole array is checked against the nesting limit first; each record
    is then decoded in place, with the number and surrogate checks.
    """
    check_json_text(text, source, 1, limit=MAX_FILE_BYTES)
    pos = _skip(text, 0)
    if not text.startswith("[", pos):
        raise InvalidRecordError(
            f"{source}: a .json file must hold an array of records; use .jsonl for one per line",
            source=source,
            line=1,
            reason="not an array",
        )
    pos = _skip(text, pos + 1)
    line, counted = 1, 0
    if text.startswith("]", pos):
        pos += 1
    else:
        while True:
            line += text.count("\n", counted, pos)
            counted = pos
            record, pos = decode_json(text, source, 1, start=pos)
            yield line, record
            pos = _skip(text, pos)
            if text.startswith(",", pos):
                pos = _skip(text, pos + 1)
                continue
            if text.startswith("]", pos):
                pos += 1
                break
            line += text.count("\n", counted, pos)
            raise InvalidRecordError(
                f"{source}:{line}: expected ',' or ']' after a record",
                source=source,
                line=line,
                reason="malformed array",
            )
    if _skip(text, pos) != len(text):
        line = text.count("\n", 0, pos) + 1
        raise InvalidRecordError(
            f"{source}:{line}: unexpected text after the array",
            source=source,
            line=line,
            reason="trailing data",
        )


def _iter_jsonl(text: str, source: str) -> Iterator[tuple[int, Any]]:
    """Yield ``(line, record)`` for each non-blank line (``//`` comments skipped).

    Lines are split at ``\\n`` only: a JSON string may hold U+2028 or a form
    feed, which ``str.splitlines`` would break a record at.
    """
    for number, raw in enumerate(text.split("\n"), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("//"):
            continue
        yield number, decode_json(stripped, source, number)


def _read_text(path: Path) -> str:
    """The file's text, read in bounded chunks (at most ``MAX_FILE_BYTES``)."""
    return read_text(path, source=str(path))


def _iter_file(path: Path) -> Iterator[tuple[int, Any]]:
    """A file's records: a JSON array read whole (bounded), JSON Lines one line at a time."""
    source = str(path)
    suffix = path.suffix.lower()
    if suffix == ".json" or (suffix not in (".jsonl", ".ndjson") and _starts_an_array(path)):
        return _iter_json_array(_read_text(path), source)
    return (
        (number, decode_json(stripped, source, number))
        for number, line in read_lines(path, source=source)
        if (stripped := line.strip()) and not stripped.startswith("//")
    )


def _starts_an_array(path: Path) -> bool:
    """Whether the file's first non-blank character is ``[`` (read from its first bytes)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(4096)
    except (OSError, ValueError):
        return False  # read_lines reports the problem with the file
    return head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"[")


def _load(model: type[_M], source: Source) -> list[_M]:
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        return [_validate(model, data, str(path), line) for line, data in _iter_file(path)]
    if isinstance(source, Mapping) or not isinstance(source, Iterable):
        raise InvalidInputError(
            f"expected a file path or an iterable of records, got {type(source).__name__}",
            argument="source",
            value=repr(source)[:80],
        )
    return [
        _validate(model, data, "<records>", index) for index, data in enumerate(source, start=1)
    ]


@public
def load_gold(source: Source) -> list[GoldCase]:
    """Load gold cases from a ``.jsonl``/``.json`` file or an iterable of dicts.

    Duplicates are kept here; ``evaluate`` reports them.  For an iterable, the
    ``line`` of an error is the 1-based record number.

    Raises:
        InvalidRecordError: a record is not valid JSON or fails validation.
        InvalidInputError: the file does not exist.

    >>> [case.qid for case in load_gold([{"qid": "q1", "value": "1.45", "dimension": "RATIO"}])]
    ['q1']
    >>> load_gold([{"qid": "q1", "value": 0.5, "dimension": "RATIO"}])
    Traceback (most recent call last):
    ...
    fincalc.InvalidRecordError: <records>:1 (qid 'q1'): field 'value': float 0.5 ...
    """
    return _load(GoldCase, source)


@public
def load_predictions(source: Source) -> list[Prediction]:
    """Load predictions from a ``.jsonl``/``.json`` file or an iterable of dicts.

    >>> load_predictions([{"qid": "q1", "text": "rose 0.49%"}])[0].text
    'rose 0.49%'
    """
    return _load(Prediction, source)


@public
class Sample(NamedTuple):
    """The bundled bilingual demo: gold cases and three systems' predictions.

    A public ``NamedTuple``: callers may unpack it (``gold, runs = load_sample()``).
    """

    gold: list[GoldCase]
    runs: dict[str, list[Prediction]]


SAMPLE_RUNS = ("dense", "hybrid", "rerank")


@public
def load_sample() -> Sample:
    """Load the bundled demo (36 bilingual gold cases; dense, hybrid and rerank runs).

    >>> sample = load_sample()
    >>> len(sample.gold) >= 30, sorted(sample.runs)
    (True, ['dense', 'hybrid', 'rerank'])
    """
    folder = resources.files("fincalc") / "_data" / "sample"

    def read(name: str) -> Iterator[tuple[int, Any]]:
        source = f"fincalc/_data/sample/{name}"
        return _iter_jsonl(folder.joinpath(name).read_text(encoding="utf-8"), source)

    gold = [_validate(GoldCase, d, "sample/gold.jsonl", n) for n, d in read("gold.jsonl")]
    runs = {
        name: [
            _validate(Prediction, d, f"sample/{name}.jsonl", n) for n, d in read(f"{name}.jsonl")
        ]
        for name in SAMPLE_RUNS
    }
    return Sample(gold, runs)
