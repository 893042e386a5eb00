"""Illegal and malformed actions: IllegalActionError naming the rule, a clear sentence, state unchanged,
and ``check`` returning the same violation without raising."""

from __future__ import annotations

import random
from typing import Any

import pytest
from enginekit import NAMES3, assert_illegal, play

import nidlib
from nidlib import Coin, DwarfClass, InvalidActionError, State
from nidlib.content import gallery
from nidlib.rules import legal as legal_rules
from nidlib.rules.engine import DECISION_RULE, well_formed


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


def _bids_done() -> State:
    s = nidlib.new_game(3, NAMES3, seed=1)
    s, _ = play(s, "p0:bid:4,0,5b/2,3", "p1:bid:4,0,5b/2,3", "p2:bid:2,3,4/0,5b")
    return s


_C = Coin.parse("3")


@pytest.mark.parametrize(
    "action",
    [  # Bo (player 1) is to pick: the actions are his, so only their shape is wrong
        nidlib.Transform(1, "t7"),
        nidlib.Transform(1, "hx"),
        nidlib.Transform(1, "h²"),  # a digit, but not one int() of an ASCII location
        nidlib.TradeDiscard(1, ""),
        nidlib.TradeCoins(1, ("h0",)),  # type: ignore[arg-type]
        nidlib.TradeCoins(1, ("h0", "q1")),
        nidlib.Discard(1, ("mage",)),  # type: ignore[arg-type]
        nidlib.Discard(1, "warrior"),  # type: ignore[arg-type]
        nidlib.Pick(1, "no-such-card"),
        nidlib.Keep(1, "x"),
        nidlib.Recruit(1, "gandalf"),
        nidlib.Bid(1, (_C, _C), (_C, _C, _C)),  # type: ignore[arg-type]
        nidlib.Bid(1, None, None),  # type: ignore[arg-type]
        nidlib.UlineBid(1, 7),  # type: ignore[arg-type]
        nidlib.PlaceThrud(1, None),  # type: ignore[arg-type]
        nidlib.Pick("0", "1W3"),  # type: ignore[arg-type]
        nidlib.Pick(True, "1W3"),
        "p0:pick:1W3",  # a text, not an action
        None,
    ],
    ids=repr,
)
def test_r_flow_2_check_reports_a_malformed_action_as_malformed(action: Any) -> None:
    s = _bids_done()
    assert not well_formed(action)
    v = nidlib.check(s, action)
    assert v is not None
    assert (v.rule, v.key) == ("R-FLOW-2", "err.malformed")
    assert v.text().endswith("[R-FLOW-2]")


def test_well_formed_actions_are_judged_by_the_rules_not_as_malformed() -> None:
    s = nidlib.new_game(3, NAMES3, seed=2)
    rng = random.Random(2)
    while not s.is_over:
        for a in nidlib.legal_actions(s):
            assert well_formed(a), a
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    s = _bids_done()
    for a in (nidlib.Transform(0, "h9"), nidlib.PlaceThrud(0, "mage"), nidlib.Pick(0, "1W3")):  # type: ignore[arg-type]
        assert well_formed(a)
        v = nidlib.check(s, a)
        assert v is not None
        assert v.rule != "R-FLOW-2"


@pytest.mark.parametrize("error", [IndexError, TypeError, KeyError, AttributeError, ValueError])
def test_check_lets_a_bug_in_the_engine_surface(
    monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    """A programming error while checking a well-formed action is not passed off as a malformed action."""
    s = _bids_done()
    legal = nidlib.legal_actions(s)[0]

    def broken(_s: State) -> None:
        raise error("a bug in the engine")

    monkeypatch.setattr(
        legal_rules, "decision", broken
    )  # check() looks the decision up in nidlib.rules.legal
    with pytest.raises(error, match="a bug in the engine"):
        nidlib.check(s, legal)


@pytest.mark.parametrize("location", ["t7", "hx", "h²", "p"])
def test_r_flow_2_a_malformed_location_where_a_coin_is_chosen(location: str) -> None:
    """In a transform decision the location is looked up: a malformed one is refused before that."""
    s = gallery.run(gallery.get("EC-09")).states[1]  # Ana took the Royal Offering +3: which coin?
    d = nidlib.decision(s)
    assert d is not None
    assert (d.kind, d.players) == ("transform", (0,))
    v = nidlib.check(s, nidlib.Transform(0, location))
    assert v is not None
    assert (v.rule, v.key) == ("R-FLOW-2", "err.malformed")
    no_coin = nidlib.check(s, nidlib.Transform(0, "h9"))  # well formed, but no coin there
    assert no_coin is not None
    assert no_coin.rule == "R-XFORM-2"
