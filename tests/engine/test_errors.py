"""Illegal and malformed actions: IllegalActionError naming the rule, a clear sentence, state unchanged,
and ``check`` returning the same violation without raising."""

from __future__ import annotations

import random

import pytest
from enginekit import NAMES3, assert_illegal, play

import nidlib
from nidlib import Coin, DwarfClass, InvalidActionError, State
from nidlib.engine import DECISION_RULE


def test_r_setup_6_no_such_player() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    v = assert_illegal(
        s,
        nidlib.Bid(
            7, (Coin.parse("0"), Coin.parse("2"), Coin.parse("3")), (Coin.parse("4"), Coin.parse("5b"))
        ),
        "R-SETUP-6",
    )
    assert "7" in v.reason()


def test_r_bid_1_wrong_kind_of_action_during_bids() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    v = assert_illegal(s, nidlib.Pick(0, s.taverns[0][0]), "R-BID-1")
    assert v.reason() == "Ana must act by placing bids now."


def test_r_end_1_no_action_after_the_game() -> None:
    s = nidlib.new_game(2, seed=3)
    rng = random.Random(3)
    while not s.is_over:
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    v = assert_illegal(s, nidlib.PlaceThrud(0, DwarfClass.WARRIOR), "R-END-1")
    assert v.reason() == "The game is over; no more actions can be taken."


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bid",
        "p0:bid",
        "p0:bid:1,2,3/4,5",
        "p0:bid:0,2/3,4,5b",
        "px:pick:1W3",
        "p0:pick:1W99",
        "p0:hero:gandalf",
        "p0:thrud:mage",
        "p0:transform:q9",
        "p0:fly:away",
        "p0:uline:",
        "p0:trade:h0",
    ],
)
def test_malformed_action_texts_raise_invalid_action_error(text: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        nidlib.parse(text)
    assert str(info.value)


def test_action_text_forms_round_trip() -> None:
    for text in (
        "p0:bid:5b,0,4/2,3",
        "p1:uline:7",
        "p2:pick:1W6",
        "p0:hero:kraal",
        "p0:thrud:explorer",
        "p0:ylud:warrior",
        "p0:transform:p1",
        "p0:discard:warrior,miner",
        "p0:trade:h0,h2",
        "p0:tradediscard:p1",
        "p0:keep:2E9",
    ):
        assert str(nidlib.parse(text)) == text


def _wrong_actions(s: State) -> list[tuple[nidlib.Action, str]]:
    """Actions that must be refused here, with the rule each must cite."""
    d = nidlib.decision(s)
    assert d is not None
    rule = DECISION_RULE[d.kind]
    out: list[tuple[nidlib.Action, str]] = []
    legal = nidlib.legal_actions(s)
    actor = d.players[0]
    others = [i for i in range(len(s.players)) if i not in d.players]
    wrong_kind: nidlib.Action = (
        nidlib.PlaceYlud(actor, DwarfClass.MINER) if d.kind != "ylud" else nidlib.Pick(actor, "1W3")
    )
    out.append((wrong_kind, rule))
    if others and d.kind != "bids":
        a = legal[0]
        out.append((type(a)(others[0], *[getattr(a, f) for f in a.__slots__ if f != "player"]), rule))
    if d.kind == "pick":
        gone = next(c for c in nidlib.CARDS if c[0] in "12" and c not in s.taverns[s.tavern])
        out.append((nidlib.Pick(actor, gone), "R-PICK-1"))
    if d.kind == "hero":
        taken = next((h for p in s.players for h in p.heroes), None)
        if taken:
            out.append((nidlib.Recruit(actor, taken), "R-COMP-4"))
    if d.kind == "transform":
        out.append((nidlib.Transform(actor, "h9"), "R-XFORM-2"))
    if d.kind == "pioneer":
        out.append((nidlib.Keep(actor, "1W3"), "R-DIST-PIONEER-1"))
    return out


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_illegal_actions_refused_everywhere_in_played_games(seed: int) -> None:
    s = nidlib.new_game(2 + seed % 4, seed=seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    while not s.is_over:
        d = nidlib.decision(s)
        assert d is not None
        kinds.add(d.kind)
        for a, rule in _wrong_actions(s):
            assert_illegal(s, a, rule)
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    assert {"bids", "pick", "hero"} <= kinds


def test_check_never_raises_on_nonsense() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    s, _ = play(s, "p0:bid:4,0,5b/2,3", "p1:bid:4,0,5b/2,3", "p2:bid:2,3,4/0,5b")
    for a in (
        nidlib.Pick(0, "no-such-card"),
        nidlib.Transform(0, "zz"),
        nidlib.Discard(0, ()),
        nidlib.TradeCoins(0, ("t0", "t0")),
        nidlib.Keep(0, "x"),
    ):
        v = nidlib.check(s, a)
        assert v is not None
        assert v.text().endswith("]")
