"""``Quantity`` and ``UnitContext`` behave exactly as the dataclasses they were (issue 18).

Both public value types were made by a hand-written ``lazy_dataclass`` (issue
18) and are ``@dataclass(frozen=True, slots=True)`` again (issue 29); this file
keeps them from drifting.  Every behaviour a user can observe is compared here
with a reference: a real ``@dataclass(frozen=True, slots=True)``
built in this module from the fields as main declared them, with the class's
own ``__post_init__`` (and, for ``Quantity``, its own ``__repr__``).  Pickles
written by main's dataclasses are recorded below and must still load, and
today's pickles must be byte-identical to them.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, TypeAdapter, ValidationError

from fincalc import Quantity, UnitContext

_M = dataclasses.MISSING

#: The fields as main declared them with ``@dataclass`` (name, type, default).
DECLARED: dict[type, list[tuple[str, Any, Any]]] = {
    Quantity: [
        ("value", Decimal, _M),
        ("dimension", str | None, _M),
        ("unit", str | None, None),
        ("raw", str, ""),
        ("span", tuple[int, int] | None, None),
        ("qualifier", str | None, None),
        ("unit_from_context", bool, False),
    ],
    UnitContext: [
        ("multiplier", Decimal, _M),
        ("dimension", str | None, _M),
        ("unit", str, _M),
        ("declaration", str, ""),
    ],
}


def _reference(cls: type) -> Any:
    """A real frozen slotted dataclass with ``cls``'s declared fields and its own validation."""
    spec = [
        (name, kind) if default is _M else (name, kind, dataclasses.field(default=default))
        for name, kind, default in DECLARED[cls]
    ]
    namespace: dict[str, Any] = {"__post_init__": cls.__post_init__}  # type: ignore[attr-defined]
    if cls is Quantity:  # (its repr is written by hand; UnitContext's is the dataclass's)
        namespace["__repr__"] = cls.__repr__
    return dataclasses.make_dataclass(
        cls.__name__, spec, frozen=True, slots=True, namespace=namespace
    )


REFERENCE = {cls: _reference(cls) for cls in DECLARED}

#: Constructor calls (args, kwargs): real-looking amounts and declarations, plus the
#: coercions and refusals the validation makes.
CALLS: dict[type, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    Quantity: [
        ((Decimal("8.7E+8"), "CNY"), {"unit": "亿元", "raw": "8.7亿元", "span": (4, 9)}),
        ((Decimal("-1.25E+3"), "USD"), {"unit": "thousand", "raw": "$(1.25) thousand"}),
        ((Decimal("0.052"), "RATIO", "%", "5.2%", (0, 4), "约", False), {}),
        ((Decimal("1476.94E+8"), None), {"unit": "亿", "raw": "1476.94 亿"}),
        ((Decimal(12), "CNY"), {"unit": "万元", "unit_from_context": True, "raw": "12"}),
        (("1234.56", "CNY"), {}),  # coerced to Decimal
        ((7, "SHARES"), {"qualifier": "more than"}),
        ((0.1, "CNY"), {}),  # a float is refused
        ((Decimal("NaN"), "CNY"), {}),
        ((Decimal(1), "cny"), {}),
        ((Decimal(1), "CNY"), {"span": (5, 2)}),
        ((Decimal(1), "CNY"), {"raw": "\ud800"}),
        ((Decimal(1),), {}),  # a missing argument
        ((Decimal(1), "CNY"), {"colour": "red"}),
    ],
    UnitContext: [
        ((Decimal("1E+4"), "CNY", "万元"), {"declaration": "单位：万元"}),
        ((Decimal("1E+3"), "CNY", "RMB'000"), {}),
        ((Decimal("1E+6"), None, "millions", "(in millions, except per share data)"), {}),
        (("0.01", "RATIO", "%"), {}),
        ((Decimal(0), "CNY", "元"), {}),
        ((Decimal(-1), "CNY", "元"), {}),
        ((Decimal(1), "CNY", 3), {}),
        ((Decimal(1), "Cny", "元"), {}),
        ((0.5, "CNY", "元"), {}),
        ((Decimal(1), "CNY"), {}),
    ],
}


def _outcome(action: Callable[[], Any]) -> tuple[Any, ...]:
    """What ``action`` returned, or the type and message of what it raised."""
    try:
        return ("returned", action())
    except Exception as exc:
        return ("raised", type(exc).__name__, str(exc))


def _made(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return cls(*args, **kwargs)


def _valid_calls(cls: type) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    return [
        call for call in CALLS[cls] if _outcome(lambda c=call: cls(*c[0], **c[1]))[0] == "returned"
    ]


def _match_first_two(obj: Any, cls: type) -> tuple[Any, ...] | None:
    match obj:
        case cls(first, second, unit=unit):  # type: ignore[misc]
            return (first, second, unit)
    return None


def _match_all(obj: Any, cls: type) -> tuple[Any, ...] | None:
    if len(cls.__match_args__) == 7:  # type: ignore[attr-defined]
        match obj:
            case cls(a, b, c, d, e, f, g):  # type: ignore[misc]
                return (a, b, c, d, e, f, g)
    else:
        match obj:
            case cls(a, b, c, d):  # type: ignore[misc]
                return (a, b, c, d)
    return None


def _fields(cls: type) -> list[tuple[Any, ...]]:
    return [
        (
            f.name,
            f.type,
            f.default,
            f.default_factory,
            f.init,
            f.repr,
            f.hash,
            f.compare,
            dict(f.metadata),
            f.kw_only,
            f._field_type,  # type: ignore[attr-defined]
        )
        for f in dataclasses.fields(cls)
    ]


def _changes(cls: type) -> dict[str, Any]:
    quantity = cls.__name__ == "Quantity"  # (ours or the reference)
    return {"raw": "8,700万元"} if quantity else {"declaration": "(in RMB thousands)"}


def _bad_changes(cls: type) -> dict[str, Any]:
    quantity = cls.__name__ == "Quantity"  # (ours or the reference)
    return {"span": (3, 1)} if quantity else {"multiplier": Decimal(-1)}


#: Behaviours of an instance made by a call: each is run on our class and on the
#: reference, and the outcomes must be equal.
INSTANCE_BEHAVIOURS: dict[str, Callable[[type, Any], Any]] = {
    "is_dataclass": lambda cls, obj: dataclasses.is_dataclass(obj),
    "repr": lambda cls, obj: repr(obj),
    "str": lambda cls, obj: str(obj),
    "astuple": lambda cls, obj: dataclasses.astuple(obj),
    "asdict": lambda cls, obj: dataclasses.asdict(obj),
    "replace nothing": lambda cls, obj: dataclasses.astuple(dataclasses.replace(obj)),
    "replace a field": lambda cls, obj: dataclasses.astuple(
        dataclasses.replace(obj, **_changes(cls))
    ),
    "replace validates": lambda cls, obj: dataclasses.replace(obj, **_bad_changes(cls)),
    "replace an unknown field": lambda cls, obj: dataclasses.replace(obj, colour="red"),
    "equal to itself rebuilt": lambda cls, obj: obj == cls(*dataclasses.astuple(obj)),
    "hash": lambda cls, obj: hash(obj) == hash(dataclasses.astuple(obj)),
    "not equal to its tuple": lambda cls, obj: obj == dataclasses.astuple(obj),
    "match two and a keyword": lambda cls, obj: _match_first_two(obj, cls),
    "match all positionally": lambda cls, obj: _match_all(obj, cls),
    "assign a field": lambda cls, obj: setattr(obj, "dimension", "USD"),
    "delete a field": lambda cls, obj: delattr(obj, "dimension"),
    "getstate": lambda cls, obj: obj.__getstate__(),
    "setstate": lambda cls, obj: dataclasses.astuple(_setstate(cls, obj)),
    "copy": lambda cls, obj: (type(copy.copy(obj)) is cls, copy.copy(obj) == obj),
    "deepcopy": lambda cls, obj: (type(copy.deepcopy(obj)) is cls, copy.deepcopy(obj) == obj),
    "no instance dict": lambda cls, obj: hasattr(obj, "__dict__"),
    "no weakref slot": lambda cls, obj: hasattr(obj, "__weakref__"),
    "fields of an instance": lambda cls, obj: [f.name for f in dataclasses.fields(obj)],
}


def _setstate(cls: type, obj: Any) -> Any:
    blank = object.__new__(cls)
    blank.__setstate__(obj.__getstate__())
    return blank


#: Behaviours of the class itself.
CLASS_BEHAVIOURS: dict[str, Callable[[type], Any]] = {
    "is_dataclass": dataclasses.is_dataclass,
    "fields": _fields,
    "params": lambda cls: repr(cls.__dataclass_params__),  # type: ignore[attr-defined]
    "match_args": lambda cls: cls.__match_args__,  # type: ignore[attr-defined]
    "slots": lambda cls: cls.__slots__,
    "signature parameters": lambda cls: [
        (p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()
    ],
    "init qualname": lambda cls: cls.__init__.__qualname__,
    "hashable": lambda cls: cls.__hash__ is not None,
    "setattr qualname": lambda cls: cls.__setattr__.__qualname__,
    "dataclass methods": lambda cls: sorted(
        name for name in vars(cls) if name.startswith("__dataclass") or name in _DATACLASS_METHODS
    ),
}
_DATACLASS_METHODS = {
    "__init__",
    "__repr__",
    "__eq__",
    "__hash__",
    "__setattr__",
    "__delattr__",
    "__getstate__",
    "__setstate__",
    "__match_args__",
    "__slots__",
    "__post_init__",
}


def _instance_cases() -> list[Any]:
    return [
        pytest.param(cls, call, behaviour, id=f"{cls.__name__}-{index}-{behaviour}")
        for cls in DECLARED
        for index, call in enumerate(_valid_calls(cls))
        for behaviour in INSTANCE_BEHAVIOURS
    ]


@pytest.mark.parametrize(("cls", "call", "behaviour"), _instance_cases())
def test_an_instance_behaves_as_the_dataclass_did(
    cls: type, call: tuple[tuple[Any, ...], dict[str, Any]], behaviour: str
) -> None:
    run = INSTANCE_BEHAVIOURS[behaviour]
    reference = REFERENCE[cls]
    ours = _outcome(lambda: run(cls, cls(*call[0], **call[1])))
    theirs = _outcome(lambda: run(reference, reference(*call[0], **call[1])))
    assert ours == theirs


@pytest.mark.parametrize(
    ("cls", "call"),
    [
        pytest.param(cls, call, id=f"{cls.__name__}-{i}")
        for cls in CALLS
        for i, call in enumerate(CALLS[cls])
    ],
)
def test_the_constructor_validates_as_the_dataclass_did(
    cls: type, call: tuple[tuple[Any, ...], dict[str, Any]]
) -> None:
    reference = REFERENCE[cls]
    ours = _outcome(lambda: dataclasses.astuple(cls(*call[0], **call[1])))
    theirs = _outcome(lambda: dataclasses.astuple(reference(*call[0], **call[1])))
    assert ours == theirs


@pytest.mark.parametrize("cls", list(DECLARED), ids=lambda cls: cls.__name__)
@pytest.mark.parametrize("behaviour", list(CLASS_BEHAVIOURS))
def test_the_class_behaves_as_the_dataclass_did(cls: type, behaviour: str) -> None:
    run = CLASS_BEHAVIOURS[behaviour]
    assert _outcome(lambda: run(cls)) == _outcome(lambda: run(REFERENCE[cls]))


@pytest.mark.parametrize("cls", list(DECLARED), ids=lambda cls: cls.__name__)
def test_the_runtime_fields_are_the_declared_ones(cls: type) -> None:
    declared = [(name, kind, default) for name, kind, default in DECLARED[cls]]
    assert [(f.name, f.type, f.default) for f in dataclasses.fields(cls)] == declared
    assert list(cls.__annotations__.items()) == [(name, kind) for name, kind, _ in declared]
    parameters = list(inspect.signature(cls).parameters.values())
    assert [(p.name, p.default) for p in parameters] == [
        (name, inspect.Parameter.empty if default is _M else default)
        for name, _, default in declared
    ]


#: ``str(inspect.signature(cls))`` on main: the dataclass's generated ``__init__`` kept the
#: annotation texts (the reference here is built from resolved types, so it shows objects).
MAIN_SIGNATURES = {
    Quantity: "(value: 'Decimal', dimension: 'str | None', unit: 'str | None' = None, "
    "raw: 'str' = '', span: 'tuple[int, int] | None' = None, qualifier: 'str | None' = None, "
    "unit_from_context: 'bool' = False) -> None",
    UnitContext: "(multiplier: 'Decimal', dimension: 'str | None', unit: 'str', "
    "declaration: 'str' = '') -> None",
}


@pytest.mark.parametrize("cls", list(DECLARED), ids=lambda cls: cls.__name__)
def test_the_signature_is_mains(cls: type) -> None:
    assert str(inspect.signature(cls)) == MAIN_SIGNATURES[cls]


def test_assigning_a_name_that_is_no_field_is_refused_too() -> None:
    # As the reference does: 3.11's slotted frozen dataclass raises a TypeError from
    # super() here (its __setattr__ closes over the class it replaced).
    for quantity in (Quantity(Decimal(1), "CNY"), REFERENCE[Quantity](Decimal(1), "CNY")):
        with pytest.raises(TypeError):
            quantity.colour = "red"
        with pytest.raises((TypeError, AttributeError)):
            del quantity.colour
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'raw'"):
            quantity.raw = "x"


# ------------------------------------------------------------------------------ pickles

#: Written by main's ``@dataclass(frozen=True, slots=True)`` classes (commit c49b8a0),
#: protocols 0, 2 and 5, for the two instances below.
OLD_PICKLES: dict[type, dict[int, bytes]] = {
    Quantity: {
        0: b"ccopy_reg\n_reconstructor\np0\n(cfincalc\nQuantity\np1\nc__builtin__\nobject\np2\n"
        b"Ntp3\nRp4\n(lp5\ncdecimal\nDecimal\np6\n(V-1.25E+3\np7\ntp8\nRp9\naVUSD\np10\n"
        b"aVthousand\np11\naV$(1.25) thousand\np12\na(I3\nI19\ntp13\naVabout\np14\naI01\nab.",
        2: b"\x80\x02cfincalc\nQuantity\nq\x00)\x81q\x01]q\x02(cdecimal\nDecimal\nq\x03X\x08"
        b"\x00\x00\x00-1.25E+3q\x04\x85q\x05Rq\x06X\x03\x00\x00\x00USDq\x07X\x08\x00\x00\x00"
        b"thousandq\x08X\x10\x00\x00\x00$(1.25) thousandq\tK\x03K\x13\x86q\nX\x05\x00\x00\x00"
        b"aboutq\x0b\x88eb.",
        5: b"\x80\x05\x95x\x00\x00\x00\x00\x00\x00\x00\x8c\x07fincalc\x94\x8c\x08Quantity\x94"
        b"\x93\x94)\x81\x94]\x94(\x8c\x07decimal\x94\x8c\x07Decimal\x94\x93\x94\x8c\x08"
        b"-1.25E+3\x94\x85\x94R\x94\x8c\x03USD\x94\x8c\x08thousand\x94\x8c\x10$(1.25) "
        b"thousand\x94K\x03K\x13\x86\x94\x8c\x05about\x94\x88eb.",
    },
    UnitContext: {
        0: b"ccopy_reg\n_reconstructor\np0\n(cfincalc\nUnitContext\np1\nc__builtin__\nobject\n"
        b"p2\nNtp3\nRp4\n(lp5\ncdecimal\nDecimal\np6\n(V1E+4\np7\ntp8\nRp9\naVCNY\np10\n"
        b"aV\\u4e07\\u5143\np11\naV\\u5355\\u4f4d\\uff1a\\u4e07\\u5143\np12\nab.",
        2: b"\x80\x02cfincalc\nUnitContext\nq\x00)\x81q\x01]q\x02(cdecimal\nDecimal\nq\x03X\x04"
        b"\x00\x00\x001E+4q\x04\x85q\x05Rq\x06X\x03\x00\x00\x00CNYq\x07X\x06\x00\x00\x00\xe4"
        b"\xb8\x87\xe5\x85\x83q\x08X\x0f\x00\x00\x00\xe5\x8d\x95\xe4\xbd\x8d\xef\xbc\x9a\xe4"
        b"\xb8\x87\xe5\x85\x83q\teb.",
        5: b"\x80\x05\x95e\x00\x00\x00\x00\x00\x00\x00\x8c\x07fincalc\x94\x8c\x0bUnitContext"
        b"\x94\x93\x94)\x81\x94]\x94(\x8c\x07decimal\x94\x8c\x07Decimal\x94\x93\x94\x8c\x04"
        b"1E+4\x94\x85\x94R\x94\x8c\x03CNY\x94\x8c\x06\xe4\xb8\x87\xe5\x85\x83\x94\x8c\x0f"
        b"\xe5\x8d\x95\xe4\xbd\x8d\xef\xbc\x9a\xe4\xb8\x87\xe5\x85\x83\x94eb.",
    },
}
PICKLED: dict[type, Any] = {
    Quantity: Quantity(
        Decimal("-1.25E+3"),
        "USD",
        unit="thousand",
        raw="$(1.25) thousand",
        span=(3, 19),
        qualifier="about",
        unit_from_context=True,
    ),
    UnitContext: UnitContext(Decimal("1E+4"), "CNY", "万元", "单位：万元"),
}


@pytest.mark.parametrize("protocol", [0, 2, 5])
@pytest.mark.parametrize("cls", list(DECLARED), ids=lambda cls: cls.__name__)
def test_pickles_made_by_the_old_dataclass_load_and_match_new_ones(
    cls: type, protocol: int
) -> None:
    old = OLD_PICKLES[cls][protocol]
    loaded = pickle.loads(old)  # (bytes recorded in this file)
    assert type(loaded) is cls
    assert loaded == PICKLED[cls]
    assert dataclasses.astuple(loaded) == dataclasses.astuple(PICKLED[cls])
    assert str(loaded.__getstate__()) == str(PICKLED[cls].__getstate__())
    assert pickle.dumps(PICKLED[cls], protocol) == old


# ------------------------------------------------------------------------------ pydantic


def _without_descriptions(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _without_descriptions(v) for k, v in schema.items() if k != "description"}
    if isinstance(schema, list):
        return [_without_descriptions(v) for v in schema]
    return schema


#: Inputs to validate: valid ones (coerced as the constructor coerces) and refusals.
PYDANTIC_INPUTS: dict[type, list[Any]] = {
    Quantity: [
        {"value": "8.7E+8", "dimension": "CNY", "unit": "亿元", "raw": "8.7亿元", "span": [4, 9]},
        {"value": 12, "dimension": None},
        {"value": "1", "dimension": "cny"},
        {"value": "NaN", "dimension": "CNY"},
        {"value": "1", "dimension": "CNY", "span": [9, 2]},
        {"dimension": "CNY"},
    ],
    UnitContext: [
        {"multiplier": "1E+4", "dimension": "CNY", "unit": "万元", "declaration": "单位：万元"},
        {"multiplier": 1000, "dimension": None, "unit": "thousands"},
        {"multiplier": "0", "dimension": "CNY", "unit": "元"},
        {"multiplier": "1", "dimension": "CNY"},
    ],
}


def _validated(adapter: TypeAdapter[Any], data: Any) -> tuple[Any, ...]:
    try:
        made = adapter.validate_python(data)
    except ValidationError as exc:
        return ("refused", [(e["type"], e["loc"], e["msg"]) for e in exc.errors(include_url=False)])
    return ("made", dataclasses.astuple(made), adapter.dump_json(made))


@pytest.mark.parametrize("cls", list(DECLARED), ids=lambda cls: cls.__name__)
def test_pydantic_reads_and_writes_it_as_the_dataclass(cls: type) -> None:
    ours, theirs = TypeAdapter(cls), TypeAdapter(REFERENCE[cls])
    assert _without_descriptions(ours.json_schema()) == _without_descriptions(theirs.json_schema())
    assert ours.json_schema()["description"] == inspect.getdoc(cls)
    for data in PYDANTIC_INPUTS[cls]:
        assert _validated(ours, data) == _validated(theirs, data)
    for call in _valid_calls(cls):
        made = cls(*call[0], **call[1])
        dumped = ours.dump_json(made)
        assert dumped == theirs.dump_json(REFERENCE[cls](*call[0], **call[1]))
        assert ours.validate_json(dumped) == made
        assert ours.dump_python(made) == dataclasses.asdict(made)


def test_a_pydantic_model_embedding_both_keeps_its_schema_and_json() -> None:
    class Ours(BaseModel):
        quantity: Quantity
        context: UnitContext | None = None

    class Theirs(BaseModel):
        quantity: REFERENCE[Quantity]  # type: ignore[valid-type]
        context: REFERENCE[UnitContext] | None = None  # type: ignore[valid-type]

    ours_schema = _without_descriptions(Ours.model_json_schema())
    theirs_schema = _without_descriptions(Theirs.model_json_schema())
    ours_schema.pop("title"), theirs_schema.pop("title")
    assert ours_schema == theirs_schema
    model = Ours(quantity=PICKLED[Quantity], context=PICKLED[UnitContext])
    text = model.model_dump_json()
    assert text == Theirs.model_validate_json(text).model_dump_json()
    assert Ours.model_validate_json(text) == model
    with pytest.raises(
        ValidationError, match=r"Quantity\.dimension: 'usd' is not a dimension code"
    ):
        Ours.model_validate({"quantity": {"value": "1", "dimension": "usd"}})


# --------------------------------------------------------------------------- properties

_dimensions = st.sampled_from(["CNY", "USD", "RATIO", "SHARES", "HKD"]) | st.none()
_texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
_quantity_fields = st.tuples(
    st.decimals(allow_nan=False, allow_infinity=False, places=None),
    _dimensions,
    _texts | st.none(),
    _texts,
    st.tuples(st.integers(0, 50), st.integers(0, 50)).map(lambda p: (min(p), max(p))) | st.none(),
    st.sampled_from([None, "约", "about", "超过"]),
    st.booleans(),
)
_context_fields = st.tuples(
    st.decimals(min_value=Decimal("1E-6"), max_value=Decimal("1E+12"), places=None),
    _dimensions,
    st.sampled_from(["万元", "元", "RMB'000", "millions", "%"]),
    _texts,
)
_ANY_FIELDS = st.one_of(
    st.tuples(st.just(Quantity), _quantity_fields),
    st.tuples(st.just(UnitContext), _context_fields),
)


@given(_ANY_FIELDS, st.data())
def test_replace_round_trips(made: tuple[type, tuple[Any, ...]], data: st.DataObject) -> None:
    cls, values = made
    obj = cls(*values)
    assert dataclasses.replace(obj) == obj
    other = cls(*data.draw(_quantity_fields if cls is Quantity else _context_fields))
    names = [f.name for f in dataclasses.fields(cls)]
    chosen = data.draw(st.sets(st.sampled_from(names)))
    changed = dataclasses.replace(obj, **{name: getattr(other, name) for name in chosen})
    expected = [getattr(other if name in chosen else obj, name) for name in names]
    assert dataclasses.astuple(changed) == tuple(expected)
    assert changed == _through_reference(changed)


def _through_reference(obj: Any) -> Any:
    """``obj`` rebuilt as ours again through the reference (a cross-check of the field order)."""
    cls = type(obj)
    return cls(*dataclasses.astuple(REFERENCE[cls](*dataclasses.astuple(obj))))


@given(_ANY_FIELDS, st.integers(0, pickle.HIGHEST_PROTOCOL))
def test_pickle_round_trips(made: tuple[type, tuple[Any, ...]], protocol: int) -> None:
    cls, values = made
    obj = cls(*values)
    loaded = pickle.loads(pickle.dumps(obj, protocol))
    assert type(loaded) is cls
    assert loaded == obj
    assert repr(loaded) == repr(obj)
    assert hash(loaded) == hash(obj)


@given(_ANY_FIELDS, _ANY_FIELDS)
def test_equal_fields_iff_equal_and_same_hash(
    first: tuple[type, tuple[Any, ...]], second: tuple[type, tuple[Any, ...]]
) -> None:
    (cls_a, values_a), (cls_b, values_b) = first, second
    a, b = cls_a(*values_a), cls_b(*values_b)
    ref_a, ref_b = REFERENCE[cls_a](*values_a), REFERENCE[cls_b](*values_b)
    same = cls_a is cls_b and dataclasses.astuple(a) == dataclasses.astuple(b)
    assert (a == b) is same
    assert (ref_a == ref_b) is same
    assert a == a
    assert hash(a) == hash(ref_a)
    assert hash(b) == hash(ref_b)
    if same:
        assert hash(a) == hash(b)
