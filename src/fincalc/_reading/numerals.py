"""Chinese numerals (一亿二千万, 三点五亿), capital amounts (壹拾贰万…元柒角捌分) and the
positional composition that also reads mixed forms (3万4000, 25万6千, 十亿3000万).

The numeral system is grammar, not unit data: the digits, the place characters
十 百 千 (and their capital forms 拾 佰 仟) and the section characters 万 亿 live
here.  The unit table lists the same scales as aliases (百万, 万亿, …) for headers
and unit phrases; ``tests/test_units.py`` checks that both agree.

Everything here is exact ``Decimal`` arithmetic and must run inside
``fincalc._values.decimals.arithmetic()`` or an equivalent private context (``parse.py``
enters its ``_exact()`` only around the composed numerals and capital tails
that need it; plain digits never do).  Malformed numerals raise ``ValueError``
with a reason; the parser turns that into a ``ParseError`` naming the text.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import Final

from .._base.vocabulary import alternation, vocabulary

__all__ = [
    "BIG_CHARS",
    "CAPITAL_DIGIT_CHARS",
    "CAPITAL_YUAN",
    "DIGIT_CHARS",
    "SMALL_CHARS",
    "compose",
    "parse_capital_tail",
    "parse_chinese_numeral",
]

#: Digit characters (ordinary and capital 大写, simplified and traditional).
DIGITS: Final[dict[str, int]] = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "壹": 1,
    "二": 2,
    "两": 2,
    "兩": 2,
    "贰": 2,
    "貳": 2,
    "三": 3,
    "叁": 3,
    "參": 3,
    "四": 4,
    "肆": 4,
    "五": 5,
    "伍": 5,
    "六": 6,
    "陆": 6,
    "陸": 6,
    "七": 7,
    "柒": 7,
    "八": 8,
    "捌": 8,
    "九": 9,
    "玖": 9,
}
#: Place characters below 万: multiply the digit before them.
SMALL: Final[dict[str, Decimal]] = {
    "十": Decimal("1E+1"),
    "拾": Decimal("1E+1"),
    "百": Decimal("1E+2"),
    "佰": Decimal("1E+2"),
    "千": Decimal("1E+3"),
    "仟": Decimal("1E+3"),
}
#: Section characters: multiply everything accumulated before them.
BIG: Final[dict[str, Decimal]] = {
    "万": Decimal("1E+4"),
    "萬": Decimal("1E+4"),
    "亿": Decimal("1E+8"),
    "億": Decimal("1E+8"),
}
CAPITAL_DIGIT_CHARS: Final = "壹贰貳叁參肆伍陆陸柒捌玖"
DIGIT_CHARS: Final = "".join(DIGITS)
SMALL_CHARS: Final = "".join(SMALL)
BIG_CHARS: Final = "".join(BIG)
_CAPITAL_MARKS: Final = frozenset(CAPITAL_DIGIT_CHARS + "拾佰仟")
_TEN: Final = frozenset("十拾")
_WAN: Final = Decimal("1E+4")
#: Skipped inside a chain: 零 between places, a space, and the "more than" marks the
#: caller keeps as a qualifier (三千多万; ``[number] approximate_after`` in reading.toml).
_SKIPPED: Final = frozenset(
    ["零", "〇", " ", *vocabulary("reading").words("number.approximate_after")]
)


# (The patterns below are compiled on first use: most texts hold no numeral chain
# and no capital amount, and compiling a class of Han characters costs ~0.5 ms.)
@functools.cache
def _token() -> re.Pattern[str]:
    """One token of a numeral chain: an Arabic number, Chinese digits, or one place char.

    (The Arabic number's separators are already removed; the digits may have a 点
    decimal part.)
    """
    return re.compile(
        rf"(?P<arabic>[0-9]++(?:\.[0-9]++)?+|\.[0-9]++)"
        rf"|(?P<cn>[{DIGIT_CHARS}]++(?:点[{DIGIT_CHARS}]++)?+)"
        rf"|(?P<small>[{SMALL_CHARS}])"
        rf"|(?P<big>[{BIG_CHARS}])"
        rf"|(?P<point>点[{DIGIT_CHARS}]++)"
        rf"|(?P<other>.)",
        re.DOTALL,
    )


_CAPITAL_WORDS: Final = vocabulary("reading")
#: The unit a capital amount's tail reads as (元): 大写 amounts are written in 人民币.
CAPITAL_YUAN: Final = _CAPITAL_WORDS.words("capital.yuan")[0]


@functools.cache
def _capital_tail() -> re.Pattern[str]:
    """The 元…角…分…整 tail of a capital amount."""
    return re.compile(
        rf"(?:{alternation(_CAPITAL_WORDS.words('capital.yuan'), boundaries=False)})"
        rf"(?:零?+(?P<jiao>[{CAPITAL_DIGIT_CHARS}])"
        rf"(?:{alternation(_CAPITAL_WORDS.words('capital.jiao'), boundaries=False)}))?+"
        rf"(?:零?+(?P<fen>[{CAPITAL_DIGIT_CHARS}])"
        rf"(?:{alternation(_CAPITAL_WORDS.words('capital.fen'), boundaries=False)}))?+"
        rf"(?P<zheng>{alternation(_CAPITAL_WORDS.words('capital.whole'), boundaries=False)})?+"
    )


def _digit_run(run: str) -> Decimal:
    """Read a run of Chinese digits positionally ("二〇二三" -> 2023, "五" -> 5)."""
    return Decimal("".join(str(DIGITS[ch]) for ch in run))


def _cn_number(token: str) -> Decimal:
    """Read "三" or "三点一四" (digits with an optional 点 fraction)."""
    whole, _, frac = token.partition("点")
    if len(whole) > 1 and whole[0] == "零":
        whole = whole.lstrip("零") or "零"  # 一千零五: 零 only marks a skipped place
    if len(whole) > 1 and not frac:
        # A bare run of digits with no place character: positional ("一二三").
        return _digit_run(whole)
    if len(whole) > 1:
        raise ValueError(f"digits {whole!r} run together before 点")
    value = Decimal(DIGITS[whole])
    if frac:
        digits = "".join(str(DIGITS[ch]) for ch in frac)
        value = Decimal(f"{DIGITS[whole]}.{digits}")
    return value


def compose(text: str) -> tuple[Decimal, bool]:
    """Compose a numeral chain such as "3万4000", "一万五千亿" or "1,100.9亿" (commas removed).

    Returns the value and whether a place or section character was used.  The
    written precision is kept: "1.5万亿" is ``Decimal('1.5E+12')``.  Must run
    inside ``arithmetic()``.

    >>> from fincalc._values.decimals import arithmetic
    >>> with arithmetic():
    ...     compose("一亿二千万"), compose("25万6千"), compose("十亿3000万")
    ((Decimal('1.2E+8'), True), (Decimal('2.56E+5'), True), (Decimal('1.03000E+9'), True))

    Raises:
        ValueError: the chain is not a well-formed numeral (the message says why).
    """
    total: Decimal | None = None
    section: Decimal | None = None
    current: Decimal | None = None
    last_big: Decimal | None = None  # the last section character's multiplier (万, 亿)
    base = Decimal(0)  # what ``section`` held right after it (3万 in 3万4000)
    scaled = False
    seen_any = False
    positional = False
    pointed = False  # a 点 fraction after places was read: only 万/亿 may follow
    pos = 0
    for match in _token().finditer(text):
        kind = match.lastgroup
        token = match.group()
        pos = match.end()
        if kind == "cn" and token.strip("零") == "" and (seen_any or len(token) > 1):
            continue  # 一亿零十万: a lone 零 between places is a separator, not a digit
        if kind == "arabic" or kind == "cn":
            if current is not None:
                raise ValueError(f"two numbers run together at {token!r}")
            current = Decimal(token) if kind == "arabic" else _cn_number(token)
            whole = token.partition("点")[0].lstrip("零")
            positional = positional or (kind == "cn" and len(whole) > 1)
            seen_any = True
        elif kind == "small":
            if current is None:
                if token in _TEN and (not seen_any or section is not None or total is not None):
                    current = Decimal(1)  # 十二 = 12, 一亿十万: an implicit one before 十
                else:
                    raise ValueError(f"{token!r} has no digit before it")
            section = _add(section, current * SMALL[token])
            current = None
            scaled = seen_any = True
        elif kind == "big":
            if current is None and section is None and not (BIG[token] != _WAN and total):
                raise ValueError(f"{token!r} has no digit before it")
            _check_section(last_big, _since(section, current, base), BIG[token])
            last_big = BIG[token]
            if BIG[token] == _WAN:
                section = _add(section, current) * BIG[token]  # type: ignore[operator]
            else:
                total = _add(_add(total, section), current) * BIG[token]  # type: ignore[operator]
                section = None
            base = section if section is not None else Decimal(0)
            current = None
            scaled = seen_any = True
        elif kind == "point" and current is None and seen_any and not pointed:
            # 一百二十点五 = 120.5, 一百二十点五亿: the fraction of what the places made
            current = Decimal("0." + "".join(str(DIGITS[ch]) for ch in token[1:]))
            pointed = True
        elif token in _SKIPPED:
            continue  # 一千零五; 三千多万 (the 多 is a qualifier the caller keeps)
        else:
            raise ValueError(f"unexpected {token!r} in a numeral")
        if pointed and kind in ("arabic", "cn", "small"):
            raise ValueError(f"{token!r} after a decimal part")
    if not seen_any or pos != len(text):
        raise ValueError("no digits")
    if positional and scaled:
        raise ValueError("digits run together next to a place character")
    _check_section(last_big, _since(section, current, base), Decimal(1))
    result = _add(_add(total, section), current)
    if result is None:
        raise ValueError("no digits")
    return result, scaled


def _since(section: Decimal | None, current: Decimal | None, base: Decimal) -> Decimal | None:
    """What was written after the last section character (None: nothing)."""
    written = _add(section, current)
    return None if written is None else written - base


def _check_section(last_big: Decimal | None, written: Decimal | None, unit: Decimal) -> None:
    """Refuse a part after 万 or 亿 that is not smaller than it: "3万40000" is no numeral.

    ``written`` times ``unit`` (the section character that closes it, or 1 at
    the end) must stay below ``last_big`` when ``unit`` is smaller than it (a
    larger ``unit`` composes, as in 1.5万亿).
    """
    if last_big is None or not written or unit >= last_big:
        return
    if written * unit >= last_big:
        raise ValueError(f"{written * unit} after a section of {last_big} is not smaller than it")


def _add(left: Decimal | None, right: Decimal | None) -> Decimal | None:
    """Add, treating None as "nothing written" so that exponents are not widened by a 0."""
    if left is None:
        return right
    if right is None:
        return left
    return left + right


def parse_chinese_numeral(text: str) -> Decimal:
    """Parse a Chinese numeral (ordinary or capital) into an exact ``Decimal``.

    Must run inside ``arithmetic()``.

    >>> from fincalc._values.decimals import arithmetic
    >>> with arithmetic():
    ...     parse_chinese_numeral("三点五亿"), parse_chinese_numeral("两千万")
    (Decimal('3.5E+8'), Decimal('2E+7'))

    Raises:
        ValueError: not a well-formed numeral.
    """
    return compose(text)[0]


def is_capital(text: str) -> bool:
    """True when the numeral uses capital (大写) characters, as contracts and invoices do."""
    return not _CAPITAL_MARKS.isdisjoint(text)


def parse_capital_tail(text: str, pos: int) -> tuple[int, Decimal, bool] | None:
    """Read the "元柒角捌分整" tail of a capital amount starting at ``pos``.

    Returns ``(end, fraction, exact)``: the tail's end offset, the 角/分 fraction
    to add, and whether the tail fixes the precision (any of 元 角 分 整).

    >>> from fincalc._values.decimals import arithmetic
    >>> with arithmetic():
    ...     parse_capital_tail("陆元柒角捌分", 1)
    (6, Decimal('0.78'), True)
    """
    match = _capital_tail().match(text, pos)
    if match is None:
        return None
    fraction = Decimal(0)
    if match.group("jiao"):
        fraction += Decimal(DIGITS[match.group("jiao")]) / 10
    if match.group("fen"):
        fraction += Decimal(DIGITS[match.group("fen")]) / 100
    return match.end(), fraction, True
