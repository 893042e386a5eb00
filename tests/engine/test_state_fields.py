"""State and Player declare their fields once (nidlib.core.state); copy, ==, JSON and the loader follow.

A field added to State or Player without its copy kind and JSON codec fails at import; these tests
check that what is derived covers every declared field, and that the schema document lists them.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest

import nidlib
from nidlib.core import serialize
from nidlib.core.serialize import player_to_dict, state_to_dict
from nidlib.core.state import (
    CAMP_FIELDS,
    IDAVOLL_FIELDS,
    PLAYER_FIELDS,
    STATE_FIELDS,
    Codec,
    Copy,
    FieldSpec,
    Player,
    State,
    _derive_copy,
    _field,
    field_specs,
)
from nidlib.rules.load import state_from_dict

SCHEMA_DOC = Path(__file__).resolve().parents[2] / "docs" / "state-schema.md"


def _midgame(seed: int = 3, players: int = 4, moves: int = 60, expansions: tuple[str, ...] = ()) -> State:
    s = nidlib.new_game(players, seed=seed, expansions=expansions)
    rng = random.Random(seed)
    for _ in range(moves):
        nidlib.advance(s, rng.choice(nidlib.legal_actions(s)))
    return s


def test_the_declaration_is_every_attribute_of_state_and_player() -> None:
    assert [f.name for f in STATE_FIELDS] == list(State.__slots__)
    assert [f.name for f in PLAYER_FIELDS] == list(Player.__slots__)
    assert [f.name for f in STATE_FIELDS] == [f.name for f in dataclasses.fields(State)]
    assert len({f.json for f in STATE_FIELDS}) == len(STATE_FIELDS)
    assert len({f.json for f in PLAYER_FIELDS}) == len(PLAYER_FIELDS)


def _assert_independent(kind: Copy, a: Any, b: Any, where: str) -> None:
    assert a == b, where
    if kind is Copy.SHARED:
        return
    assert a is not b, f"{where} is shared by the copy"
    if kind is Copy.NESTED:
        assert all(x is not y for x, y in zip(a, b, strict=True)), f"{where}: an inner list is shared"
    if kind is Copy.DECKS:
        assert all(a[k] is not b[k] for k in a), f"{where}: a deck is shared"
    if kind is Copy.OBJECT:
        for f in field_specs(type(a)):
            _assert_independent(f.copy, getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    if kind is Copy.OBJECTS:
        for x, y in zip(a, b, strict=True):
            for f in field_specs(type(x)):
                _assert_independent(f.copy, getattr(x, f.name), getattr(y, f.name), f"{where}.{f.name}")


@pytest.mark.parametrize("expansions", [(), ("thingvellir",)])
def test_copy_covers_every_declared_field_and_shares_nothing_mutable(expansions: tuple[str, ...]) -> None:
    s = _midgame(expansions=expansions)
    if not expansions:  # no Camp without Thingvellir: the optional part is None in both
        assert s.camp is None
    c = s.copy()
    assert c == s
    assert type(c) is State
    for f in STATE_FIELDS:
        if getattr(s, f.name) is None and f.copy is Copy.OBJECT:
            assert getattr(c, f.name) is None
            continue
        _assert_independent(f.copy, getattr(s, f.name), getattr(c, f.name), f.name)


def test_mutating_a_copy_leaves_the_original_unchanged() -> None:
    s = _midgame()
    before = state_to_dict(s)
    c = s.copy()
    rng = random.Random(1)
    while not c.is_over:
        nidlib.advance(c, rng.choice(nidlib.legal_actions(c)))
    assert state_to_dict(s) == before


@pytest.mark.parametrize("name", [f.name for f in STATE_FIELDS])
def test_equality_sees_every_state_field(name: str) -> None:
    s = _midgame()
    c = s.copy()
    setattr(c, name, object())
    assert c != s


@pytest.mark.parametrize("name", [f.name for f in PLAYER_FIELDS])
def test_equality_sees_every_player_field(name: str) -> None:
    s = _midgame()
    c = s.copy()
    setattr(c.players[1], name, object())
    assert c.players[1] != s.players[1]
    assert c != s


@pytest.mark.parametrize("expansions", [(), ("thingvellir",), ("idavoll",), ("thingvellir", "idavoll")])
def test_the_document_has_the_declared_keys_in_the_declared_order(expansions: tuple[str, ...]) -> None:
    s = _midgame(expansions=expansions)
    doc = state_to_dict(s)
    # an expansion that is not in play has no key: no "camp" without Thingvellir, no "idavoll" without Idavoll
    keys = [
        f.json for f in STATE_FIELDS if f.json not in ("camp", "idavoll") or f.json in _PART_KEY[expansions]
    ]
    assert list(doc) == ["schema", "version", *keys]
    if "thingvellir" in expansions:
        assert list(doc["camp"]) == [f.json for f in CAMP_FIELDS]
    if "idavoll" in expansions:
        assert list(doc["idavoll"]) == [f.json for f in IDAVOLL_FIELDS]
    assert list(doc["players"][0]) == [f.json for f in PLAYER_FIELDS]
    assert player_to_dict(s.players[0]) == doc["players"][0]
    assert state_from_dict(doc) == s


_PART_KEY = {
    (): (),
    ("thingvellir",): ("camp",),
    ("idavoll",): ("idavoll",),
    ("thingvellir", "idavoll"): ("camp", "idavoll"),
}


def _schema_table(heading: str) -> list[str]:
    text = SCHEMA_DOC.read_text(encoding="utf-8")
    section = text.split(heading, 1)[1]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        m = re.match(r"\| `([a-z_0-9]+)` \|", line)
        if m:
            rows.append(m.group(1))
    return rows


def test_docs_state_schema_lists_the_declared_fields_in_order() -> None:
    assert _schema_table("## Top level") == ["schema", "version", *(f.json for f in STATE_FIELDS)]
    assert _schema_table("### A player") == [f.json for f in PLAYER_FIELDS]
    assert _schema_table("### `options`") == [f.name for f in dataclasses.fields(nidlib.Options)]
    assert _schema_table("### `camp` (Thingvellir)") == [f.json for f in CAMP_FIELDS]
    assert _schema_table("### `idavoll` (Idavoll)") == [f.json for f in IDAVOLL_FIELDS]


def test_serialize_has_one_encoder_and_one_reader_for_every_codec() -> None:
    assert set(serialize._ENCODE) == set(Codec)
    assert set(serialize._READ) == set(Codec)
    used = {f.codec for f in (*STATE_FIELDS, *PLAYER_FIELDS, *CAMP_FIELDS, *IDAVOLL_FIELDS)}
    assert used == set(Codec), f"codecs no field uses: {set(Codec) - used}"


def test_a_field_declared_without_its_spec_is_refused() -> None:
    @dataclasses.dataclass
    class Bare:
        x: int = 0

    with pytest.raises(TypeError, match=r"Bare\.x is declared without a copy kind"):
        field_specs(Bare)


def test_the_generated_copy_follows_a_declaration() -> None:
    @_derive_copy
    @dataclasses.dataclass(slots=True)
    class Sample:
        n: int = _field(Copy.SHARED, Codec.AGE, default=1)
        xs: list[int] = _field(Copy.LIST, Codec.GEMS, factory=list)
        rows: list[list[int]] = _field(Copy.NESTED, Codec.SEAT_GROUPS, json="groups", factory=list)

    assert field_specs(Sample) == (
        FieldSpec("n", "n", Codec.AGE, Copy.SHARED),
        FieldSpec("xs", "xs", Codec.GEMS, Copy.LIST),
        FieldSpec("rows", "groups", Codec.SEAT_GROUPS, Copy.NESTED),
    )
    a = Sample(2, [1, 2], [[3], [4]])
    b = a.copy()  # type: ignore[attr-defined]
    assert b == a
    assert b.xs is not a.xs
    assert b.rows[0] is not a.rows[0]
    assert Sample.copy.__qualname__.endswith("Sample.copy")  # type: ignore[attr-defined]
