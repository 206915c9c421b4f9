"""Checking every declared field of a claim against the record of its amount.

``verify_record`` refuses a claim whose amount's record (``records``) does not
support what the claim declares:

- **metric**: the row label or clause subject must be the claimed metric
  (``metrics.metric_verdict``); clearly another line item is
  ``metric_mismatch``, neither clearly is ``metric_unverified``;
- **entity**: a subject naming another entity ("集体企业" for
  "国有及国有控股企业") is ``entity_mismatch``, and so is a parent-company
  (母公司) statement's row for a claim of the group;
- **role**: a level claim never takes a change, a share or a comparative
  without its own period; a change claim never takes a level
  (``role_mismatch``); guidance, outlook, targets and pro forma figures are
  never actuals (``not_actual``) unless the claim's metric says it claims one;
  a row under a heading of changes ("Changes in operating assets and
  liabilities:") is never a balance at a date nor the signed change of its
  item (``role_mismatch``).

Each refusal is a ``CaliberMismatchError`` whose ``differing`` names the field
(``"metric"``, ``"entity"``, ``"role"``, ``"actual"``; ``("metric",
"unverified")`` for an unverified metric) and whose message names what the
claim can change.
"""

from __future__ import annotations

import regex

from .._base.exceptions import CaliberMismatchError
from .claims import Claim
from .metrics import (
    ClaimedRole,
    MetricVerdict,
    Verdict,
    claimed_role,
    concept_of,
    concept_pattern,
    metric_key,
    metric_verdict,
    qualifiers_of_phrase,
)
from .records import AmountRecord, entity_named
from .schedules import period_row

__all__ = ["check_role", "of_head", "prose_verdict", "table_verdict", "verify_record"]

_YEAR = regex.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)|\bfy\s?\d{2}\b", regex.IGNORECASE)


def _refuse(message: str, claim: Claim, right: object, *differing: str) -> CaliberMismatchError:
    return CaliberMismatchError(
        message,
        operation="resolve",
        left=getattr(claim, differing[0], None) if differing[0] in ("metric", "entity") else None,
        right=right,
        differing=differing,
    )


def check_role(amount_role: str, claimed: str, *, metric: str, dated: bool = False) -> str | None:
    """Why an amount of ``amount_role`` cannot be the figure a ``claimed`` role asks for.

    None when it can.

    ``claimed`` is the claim's declared role ("level", "change", "growth");
    the metric's words refine a "level" ("营业收入增长率" claims a change).
    ``dated``: the comparative's own period is written in its clause (the
    period check then decides).

    >>> check_role("change", "level", metric="Revenue")
    'role_mismatch'
    >>> check_role("level", "level", metric="营业收入增长率")
    'role_mismatch'
    >>> check_role("not_actual", "level", metric="Revenue")
    'not_actual'
    >>> check_role("level", "level", metric="Revenue") is None
    True
    """
    wanted: ClaimedRole = claimed_role(metric, claimed)
    if amount_role == "footnote":
        return "role_mismatch"  # a note marker is never an amount
    if amount_role == "not_actual":
        return None if wanted == "guidance" else "not_actual"
    if wanted == "guidance":
        return "not_actual"  # an actual figure claimed as guidance
    if wanted == "change":
        return None if amount_role == "change" else "role_mismatch"
    if wanted == "share":
        return None if amount_role in ("share", "level") else "role_mismatch"
    if amount_role == "comparative":
        return None if dated else "role_mismatch"
    if amount_role in ("change", "share"):
        return "role_mismatch"
    return None


def prose_verdict(record: AmountRecord, metric: str, entity: str = "") -> MetricVerdict:
    """Whether the clause subject of a prose amount supports the claimed metric.

    >>> from fincalc._grounding.records import read_prose
    >>> text = "Cost of revenue increased to $80 million."
    >>> prose_verdict(read_prose(text, (29, 40), (0, len(text))), "Revenue").verdict
    'mismatch'
    """
    claimed = metric_key(metric, entity)
    subject = record.subject
    if claimed_role(metric) == "share":
        return _share_verdict(record, metric)
    head = of_head(record)
    if head:  # "$45 million of restructuring charges": the amount is of what follows "of"
        return metric_verdict(head, metric, entity)
    squeezed_subject = metric_key(subject, entity)
    if record.coordinated:
        return MetricVerdict(
            "unverified", f"the clause names several line items together ({subject!r})"
        )
    named = metric_key(record.mention, entity) if record.mention else ""
    if named:
        a, b = concept_of(named), concept_of(claimed)
        if named == claimed or (a is not None and a == b):
            base: Verdict = "match"
        elif a is not None and b is not None:
            return MetricVerdict(
                "mismatch", f"the clause is about {record.mention!r}, not {metric!r}"
            )
        elif claimed and claimed in squeezed_subject:
            base = "match"
        else:
            return MetricVerdict(
                "unverified", f"the clause names {record.mention!r}, not clearly {metric!r}"
            )
    elif claimed and claimed in squeezed_subject:
        base = "match"  # a metric the vocabulary does not know, written in the clause
    else:
        return MetricVerdict("unverified", f"the clause {subject[-80:]!r} names no line item")
    q_subject, q_claim = qualifiers_of_phrase(subject), qualifiers_of_phrase(metric)
    if q_subject != q_claim:
        extra = sorted(q_subject ^ q_claim)
        return MetricVerdict(
            "mismatch",
            f"the clause {subject[-80:]!r} and the metric {metric!r} differ in {', '.join(extra)}",
        )
    return MetricVerdict(base, "")


_STOP = frozenset({"of", "and", "the", "in", "for", "from", "net", "total", "segment", "a", "an"})


def _tokens(text: str) -> frozenset[str]:
    text = regex.sub(r"[(（][^()（）]*[)）]", " ", text.casefold())  # "Earnings (loss) per share"
    return frozenset(
        w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
        for w in regex.findall(r"[a-z]+", text)
        if w not in _STOP
    )


def table_verdict(record: AmountRecord, metric: str, entity: str = "") -> MetricVerdict:
    """Whether a table row's label, read with the heading it sits under, is the claimed metric.

    "Diluted" under "Net income per share:" is "Diluted net income per share": the
    claim's words must be exactly the row's and the one heading's (no word left over
    on either side), so "Diluted" under "Shares used in computing …" is not.
    """
    own = metric_verdict(record.subject, metric, entity)
    first, comma, rest = record.subject.partition(",")
    if (
        own.verdict == "unverified"
        and comma
        and qualifiers_of_phrase(rest) <= qualifiers_of_phrase(metric)
        and metric_verdict(first, metric, entity).verdict == "match"
    ):  # "Common stock and additional paid-in capital, $0.00001 par value: …"
        return MetricVerdict("match", "")
    if own.verdict == "match" or not record.groups:
        return own
    wanted = _tokens(metric)
    for group in record.groups:
        whole = f"{group} {record.subject}"
        if metric_verdict(whole, metric, entity).verdict == "match":
            return MetricVerdict("match", "")  # a label wrapped over two lines
        if not _tokens(record.subject) - _tokens(group):
            continue  # "Comprehensive income" under "Total other comprehensive income (loss):"
        if (
            wanted
            and wanted == _tokens(record.subject) | _tokens(group)
            and qualifiers_of_phrase(whole) == qualifiers_of_phrase(metric)
        ):
            return MetricVerdict("match", "")
    return own


_OF_HEAD = regex.compile(
    r"(?i)of\s+((?!(?:fiscal|the\s+year|the\s+quarter|which)\b)[a-z][a-z '&-]{1,60}?)"
    r"(?=\s+(?:in|for|during|compared|and|which|that|from|to|at|as|was|were)\b|[,.;:)]|$)"
)


def of_head(record: AmountRecord) -> str:
    """What an amount is "of" when the words after it say ("$45 million of restructuring charges").

    >>> from fincalc._grounding.records import read_prose
    >>> text = "Operating income includes $45 million of restructuring charges."
    >>> of_head(read_prose(text, (26, 37), (0, len(text))))
    'restructuring charges'
    """
    if record.source != "prose" or "%" in record.after[:1]:
        return ""
    found = _OF_HEAD.match(record.after)
    return found.group(1).strip() if found is not None else ""


def _share_verdict(record: AmountRecord, metric: str) -> MetricVerdict:
    """A share ("研发投入占营业收入的比重"): each line item of the clause is in the metric."""
    pattern = concept_pattern()
    named = {concept_of(metric_key(m.group())) for m in pattern.finditer(record.subject)}
    claimed = {concept_of(metric_key(m.group())) for m in pattern.finditer(metric)}
    named.discard(None)
    claimed.discard(None)
    if named and named <= claimed:
        return MetricVerdict("match", "")
    return MetricVerdict(
        "unverified", f"the clause {record.subject[-80:]!r} does not name the share's line items"
    )


def _dated(text: str, record: AmountRecord, sentence: tuple[int, int] | None) -> bool:
    if sentence is None:
        return False
    clause_end = regex.compile(r"[，；;。.]\s|[，；;。]|,(?!\d{3})").search(
        text, record.span[1], sentence[1]
    )
    stop = clause_end.start() if clause_end is not None else sentence[1]
    start = max(sentence[0], record.span[0] - 60)
    return bool(_YEAR.search(text, start, stop))


def verify_record(
    text: str,
    record: AmountRecord,
    claim: Claim,
    raw: str,
    sentence: tuple[int, int] | None,
    claim_year: int | None = None,
) -> None:
    """Refuse ``claim`` unless the record of its amount supports every field it declares."""
    declared = str(getattr(claim, "role", "level"))
    role = record.role
    if role == "share" and claim.currency is not None and of_head(record):
        role = "level"  # "includes $45 million of restructuring charges": an amount of money
    why = check_role(role, declared, metric=claim.metric, dated=_dated(text, record, sentence))
    where = f"row {record.subject!r}" if record.source == "table" else "sentence"
    if why == "not_actual":
        raise _refuse(
            f"the quoted amount {raw!r} is stated as guidance, an outlook, a target or a pro "
            f"forma figure in its {where}, not as the actual {claim.metric!r} for "
            f"{claim.period!r}; quote the reported figure, or name the guidance in the metric",
            claim,
            record.role,
            "actual",
        )
    if why == "role_mismatch":
        wanted = claimed_role(claim.metric, declared)
        what = f"a {record.role.replace('_', ' ')} figure in its {where}"
        if record.role == "footnote":
            what = f"a note marker after the row label {record.subject!r}, not an amount"
            fix = "quote the row's amount under the claimed period"
        elif wanted == "level" and record.role == "change":
            fix = (
                f"quote the level figure, or name the change in the metric (e.g. "
                f"{claim.metric.strip() + ' growth'!r})"
            )
        else:
            fix = f"quote the {wanted} figure the page states"
        raise _refuse(
            f"the quoted amount {raw!r} is {what}, but the claim for {claim.metric!r} asks "
            f"for a {wanted}; {fix}",
            claim,
            record.role,
            "role",
        )
    if (
        record.under_changes
        and claimed_role(record.subject) != "change"
        and (claim.basis == "instant" or claimed_role(claim.metric, declared) == "change")
    ):
        raise _refuse(
            f"the quoted amount {raw!r} in the row {record.subject!r} sits under "
            f"{next((g for g in record.groups if g), 'a heading of changes')!r}: it is the "
            "change over a period as the statement prints it (a cash-flow statement: its "
            f"effect on cash), neither a balance at a date nor the signed change of "
            f"{claim.metric!r}; quote the balance sheet's row for a balance, or claim the row "
            "as printed (role 'level') for the period of its column",
            claim,
            "change",
            "role",
        )
    if claim_year is not None:  # a prose comparative, or "£245m (2022: £221m)" in a cell
        _check_bracket_year(text, record, claim, raw, claim_year)
    _check_metric(record, claim, raw)
    _check_entity(record, claim, raw)


def _check_bracket_year(
    text: str, record: AmountRecord, claim: Claim, raw: str, claim_year: int
) -> None:
    """ "（2022年：11.1亿元）" is 2022's figure: never another year's."""
    opening = max(text.rfind("(", 0, record.span[0]), text.rfind("（", 0, record.span[0]))
    if opening == -1 or record.span[0] - opening > 40:
        return
    if regex.search(r"[)）]", text[opening : record.span[0]]):
        return  # "Revenue (restated) 1,234": the bracket closed before the amount
    years = {
        int(y)
        for y in regex.findall(r"(?<!\d)((?:19|20)\d{2})(?!\d)", text[opening : record.span[0]])
    }
    if years and claim_year not in years:
        raise CaliberMismatchError(
            f"the quoted amount {raw!r} is the comparative figure in brackets for "
            f"{', '.join(str(y) for y in sorted(years))}, not for the claimed {claim.period!r}; "
            "quote the figure outside the brackets for the claimed period",
            operation="resolve",
            left=claim.period,
            right=text[opening : record.span[0]].strip(),
            differing=("period",),
        )


def _check_metric(record: AmountRecord, claim: Claim, raw: str) -> None:
    if record.source == "table":
        metric = claim.metric
        if record.scope == "parent":  # the statement's title says 母公司: the rows are its
            metric = regex.sub(r"(?i)母公司的?|parent company'?s?", "", metric).strip() or metric
        verdict = table_verdict(record, metric, claim.entity)
        named = f"the row label {record.subject!r}" if record.subject else "no row label"
        fix = (
            f"claim the metric as the row writes it ({record.subject!r}) if that is what you "
            "mean, or quote the row of the claimed metric"
            if record.subject
            else "quote the row label with the amount"
        )
        if record.subject and period_row(record.subject):  # "2026", "Thereafter", "1年以内"
            named = f"the row {record.subject!r}, a period of a schedule, not a line item"
            fix = "quote a row whose label names the claimed metric"
    else:
        verdict = prose_verdict(record, claim.metric, claim.entity)
        named = f"its clause ({record.subject[-80:]!r})"
        fix = (
            f"claim the metric as the page writes it ({record.mention!r}) if that is what you "
            "mean, or quote the sentence of the claimed metric"
            if record.mention
            else "quote the clause that names the metric with the amount"
        )
    if verdict.verdict == "mismatch":
        raise _refuse(
            f"the quoted amount {raw!r} is for {named}, which is not the claimed metric "
            f"{claim.metric!r} ({verdict.why}); {fix}",
            claim,
            record.subject,
            "metric",
        )
    if verdict.verdict == "unverified":
        raise _refuse(
            f"the quoted amount {raw!r} is for {named}, which fincalc cannot confirm is the "
            f"claimed metric {claim.metric!r} ({verdict.why}); {fix}",
            claim,
            record.subject,
            "metric",
            "unverified",
        )


def _names_parent(claim: Claim) -> bool:
    return bool(qualifiers_of_phrase(f"{claim.entity} {claim.metric}") & {"parent"}) or (
        "parent" in claim.entity.casefold()
    )


def _check_entity(record: AmountRecord, claim: Claim, raw: str) -> None:
    if record.scope == "parent" and not _names_parent(claim):
        raise _refuse(
            f"the quoted amount {raw!r} is in a parent-company (母公司) statement, not the "
            f"consolidated statement of {claim.entity!r}; quote the consolidated (合并) row, or "
            "claim the parent company's figure as such (entity or metric naming 母公司)",
            claim,
            "parent",
            "entity",
        )
    named = record.entity
    if not named:
        return
    want = metric_key(claim.entity) or claim.entity
    have = metric_key(named) or named
    claimed_entity = entity_named(claim.entity) or claim.entity
    if want in have or have in want or have in metric_key(claim.metric):
        return
    if metric_key(claimed_entity) in have:
        return
    raise _refuse(
        f"the quoted amount {raw!r} is for {named!r}, named in its "
        f"{'row' if record.source == 'table' else 'clause'}, not for the claimed entity "
        f"{claim.entity!r}; quote the figure of {claim.entity!r}, or claim it for {named!r}",
        claim,
        named,
        "entity",
    )
