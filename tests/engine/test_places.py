"""Coin places (nidlib.core.places): one typed value, one parser, used by actions, engine and loader."""

from __future__ import annotations

import random

import pytest
from enginekit import NAMES3, play

import nidlib
from nidlib.core.coins import Coin
from nidlib.core.places import (
    HAND_SIZE,
    SLOTS,
    Place,
    Zone,
    coin_at,
    hand_place,
    is_place,
    parse_place,
    places_of,
    set_coin,
)

WIRE = ["t0", "t1", "t2", "p0", "p1", "h0", "h1", "h2", "h3", "h4", "h9", "h12"]


@pytest.mark.parametrize("text", WIRE)
def test_text_round_trips(text: str) -> None:
    place = parse_place(text)
    assert str(place) == text
    assert parse_place(place) is place or parse_place(place) == place
    assert is_place(text)


def test_slots_are_the_five_spaces_of_player_slots_in_order() -> None:
    assert [str(p) for p in SLOTS] == ["t0", "t1", "t2", "p0", "p1"]
    assert [p.slot for p in SLOTS] == [0, 1, 2, 3, 4]
    assert [p.zone for p in SLOTS] == [Zone.TAVERN] * 3 + [Zone.POUCH] * 2
    assert hand_place(3) == Place(Zone.HAND, 3)
    assert hand_place(3).slot is None
    assert hand_place(3).is_hand


@pytest.mark.parametrize(
    "text", ["t3", "t7", "p2", "q1", "", "h", "hx", "h²", "h-1", "h01", "h1234", "T0", " t0", "t0 "]
)
def test_anything_else_is_refused_with_a_clear_error(text: str) -> None:
    with pytest.raises(nidlib.InvalidActionError, match="is not a coin location"):
        parse_place(text)
    assert not is_place(text)


def test_a_place_outside_its_zone_cannot_be_built() -> None:
    for zone, index in ((Zone.TAVERN, 3), (Zone.POUCH, 2), (Zone.HAND, -1)):
        with pytest.raises(nidlib.InvalidActionError):
            Place(zone, index)
    assert not is_place(None)
    assert not is_place(3)


def test_coin_at_and_set_coin_reach_slots_and_the_sorted_hand() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    p = s.players[0].copy()
    assert [coin_at(p, hand_place(k)) for k in range(HAND_SIZE)] == p.hand
    assert coin_at(p, hand_place(HAND_SIZE)) is None
    assert places_of(p) == [hand_place(k) for k in range(5)]
    set_coin(p, hand_place(0), Coin.parse("9"))  # the 0 becomes a 9: the hand stays sorted
    assert [str(c) for c in p.hand] == ["2", "3", "4", "5b", "9"]
    s, _ = play(s, "p0:bid:4,0,5b/2,3", "p1:bid:4,0,5b/2,3", "p2:bid:2,3,4/0,5b")
    q = s.players[0]
    assert [str(coin_at(q, place)) for place in SLOTS] == ["4", "0", "5b", "2", "3"]
    assert places_of(q) == list(SLOTS)


def test_actions_keep_their_text_and_refuse_a_bad_place() -> None:
    for text in ("p0:transform:p1", "p1:trade:h0,h2", "p2:tradediscard:h1", "p0:transform:h9"):
        assert str(nidlib.parse(text)) == text
    with pytest.raises(nidlib.InvalidActionError, match="'t7' is not a coin location"):
        nidlib.parse("p0:transform:t7")


def test_every_place_the_engine_offers_parses() -> None:
    rng = random.Random(5)
    seen: set[Zone] = set()
    for seed in range(12):
        s = nidlib.new_game(3, NAMES3, seed=seed)
        while not s.is_over:
            acts = nidlib.legal_actions(s)
            for a in acts:
                for loc in getattr(a, "locations", ()) or [getattr(a, "location", None)]:
                    if loc is not None:
                        assert str(parse_place(loc)) == loc
                        seen.add(parse_place(loc).zone)
            nidlib.advance(s, rng.choice(acts))
    assert seen >= {Zone.TAVERN, Zone.POUCH}
