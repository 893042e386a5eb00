"""Tempting actions (nidlib.rules.tempting): the one home of the greyed moves of the action panel and the lab."""

from __future__ import annotations

import random
from itertools import combinations

import nidlib
from nidlib.content import gallery
from nidlib.core.cards import CLASSES
from nidlib.core.places import coin_at, parse_place
from nidlib.rules.engine import well_formed
from nidlib.rules.tempting import tempting_actions


def _final(ec: str) -> nidlib.State:
    return gallery.run(gallery.get(ec)).final


def test_r_recruit_7_heroes_whose_prerequisite_fails_are_tempting_the_others_are_not() -> None:
    s = _final("EC-37")
    got = [(str(a), v.rule) for a, v in tempting_actions(s)]
    assert got == [("p0:hero:dagda", "R-HERO-DAGDA-3"), ("p0:hero:hourya", "R-HERO-HOURYA-2")]
    legal = {a.hero for a in nidlib.legal_actions(s) if isinstance(a, nidlib.Recruit)}
    assert {a.hero for a, _ in tempting_actions(s) if isinstance(a, nidlib.Recruit)} == (
        set(s.heroes_available) - legal
    )


def test_r_xform_1_exactly_the_trading_coins_are_tempting_for_a_transformation() -> None:
    o = gallery.run(gallery.get("EC-13"))  # Ana (the green 3) transforms, then Bo (the 0)
    for s, who, want in ((o.states[0], 0, "p0:transform:p1"), (o.final, 1, "p1:transform:p0")):
        pairs = tempting_actions(s)
        assert [(str(a), v.rule) for a, v in pairs] == [(want, "R-XFORM-1")]
        p = s.players[who]
        for a, _ in pairs:
            assert isinstance(a, nidlib.Transform)
            coin = coin_at(p, parse_place(a.location))
            assert coin is not None
            assert coin.is_trading


def test_r_hero_dagda_2_every_refused_pair_of_columns_is_tempting() -> None:
    s = _final("EC-36")
    assert nidlib.decision(s).kind == "discard"  # type: ignore[union-attr]
    legal = {a.columns for a in nidlib.legal_actions(s) if isinstance(a, nidlib.Discard)}
    tempting = {a.columns for a, _ in tempting_actions(s) if isinstance(a, nidlib.Discard)}
    assert tempting == set(combinations(CLASSES, 2)) - legal
    assert tempting
    assert {v.rule for _, v in tempting_actions(s)} == {"R-HERO-DAGDA-2", "R-HERO-DAGDA-3"}


def test_r_pick_1_r_order_1_the_lab_also_tries_another_tavern_and_another_player() -> None:
    s = _final("EC-01")
    assert tempting_actions(s) == []  # the action panel greys nothing at a pick
    got = [(str(a), v.rule) for a, v in tempting_actions(s, wider=True)]
    assert got == [("p1:pick:1W4", "R-PICK-1"), ("p0:pick:1H5", "R-ORDER-1")]
    assert [str(a) for a, _ in tempting_actions(s, wider=True, limit=1)] == ["p1:pick:1W4"]


def test_nothing_is_tempting_for_a_player_who_does_not_decide_or_after_the_game() -> None:
    s = _final("EC-37")
    assert tempting_actions(s, 1) == []
    over = _final("EC-46")
    assert over.is_over
    assert tempting_actions(over, wider=True) == []


def test_every_tempting_action_is_well_formed_illegal_and_refused_by_check_in_played_games() -> None:
    rng = random.Random(4)
    kinds: set[str] = set()
    for seed in range(6):
        s = nidlib.new_game(2 + seed % 4, seed=seed)
        while not s.is_over:
            legal = nidlib.legal_actions(s)
            for a, v in tempting_actions(s, wider=True):
                assert well_formed(a)
                assert a not in legal
                assert nidlib.check(s, a) == v
                kinds.add(nidlib.decision(s).kind)  # type: ignore[union-attr]
            nidlib.advance(s, rng.choice(legal))
    assert {"pick", "hero"} <= kinds
