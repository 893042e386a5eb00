"""Player views and determinization (Appendix F hidden information, R-COIN-4, R-HERO-ULINE-3)."""

from __future__ import annotations

import random

import pytest
from enginekit import NAMES3, play, play_until

import nidlib
from nidlib import NidError, State
from nidlib.core.serialize import state_to_dict
from nidlib.rules.load import state_from_dict


def _states(seed: int, count: int = 60) -> list[State]:
    s = nidlib.new_game(3 + seed % 3, seed=seed)
    rng = random.Random(seed)
    out = [s]
    while not s.is_over and len(out) < 400:
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
        out.append(s)
    return out[:: max(1, len(out) // count)]


def test_r_coin_4_bids_hidden_during_the_bid_phase() -> None:
    s = nidlib.new_game(3, NAMES3, seed=4)
    s, _ = play(s, "p0:bid:4,0,5b/2,3")
    for viewer in (1, 2):
        ana = nidlib.view_for(s, viewer).players[0]
        assert ana.slots == [None] * 5
        assert sorted(map(str, ana.hidden)) == ["0", "2", "3", "4", "5b"]
    own = nidlib.view_for(s, 0).players[0]
    assert [str(c) for c in own.slots] == ["4", "0", "5b", "2", "3"]
    assert own.hidden == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_hide_exactly_what_others_may_not_know(seed: int) -> None:
    for s in _states(seed):
        for viewer in range(len(s.players)):
            v = nidlib.view_for(s, viewer)
            assert v.viewer == viewer
            assert v.options.seed == 0
            assert v.decks[1] == sorted(s.decks[1])
            assert v.decks[2] == sorted(s.decks[2] + (s.pioneer_draw if v.pioneer_draw == [] else []))
            for i, (p, q) in enumerate(zip(s.players, v.players, strict=True)):
                assert sorted(q.coins()) == sorted(p.coins())  # which coins: public (R-COIN-5)
                if i == viewer:
                    assert q.slots == p.slots
                    assert q.hand == p.hand
                    assert q.hidden == []
                    continue
                for k in range(5):
                    if p.revealed[k]:
                        assert q.slots[k] == p.slots[k]
                    else:
                        assert q.slots[k] is None
                if "uline" in p.heroes:
                    assert q.hand == []
            # everything public stays
            assert v.taverns == s.taverns
            assert v.treasury == s.treasury
            assert v.discard == s.discard
            assert [p.columns for p in v.players] == [p.columns for p in s.players]
            assert [p.gem for p in v.players] == [p.gem for p in s.players]


@pytest.mark.parametrize("seed", [4, 5])
def test_determinize_gives_a_legal_state_consistent_with_the_view(seed: int) -> None:
    rng = random.Random(seed)
    for s in _states(seed, 40):
        for viewer in range(len(s.players)):
            v = nidlib.view_for(s, viewer)
            full = nidlib.determinize(v, rng)
            assert full.viewer is None
            assert state_from_dict(state_to_dict(full)) == full  # passes every conservation check
            assert nidlib.view_for(full, viewer) == v
            if not full.is_over:
                assert nidlib.legal_actions(full, viewer) == nidlib.legal_actions(s, viewer)
                a = nidlib.legal_actions(full)[0]
                nidlib.apply(full, a)  # playable


def test_uline_hand_hidden_and_view_cannot_be_played() -> None:
    s = nidlib.new_game(3, NAMES3, seed=2)
    v = nidlib.view_for(s, 0)
    a = nidlib.legal_actions(s, 0)[0]
    with pytest.raises(NidError):
        nidlib.apply(v, a)
    other = nidlib.legal_actions(s, 1)[0]
    vio = nidlib.check(v, other)
    assert vio is not None
    assert vio.rule == "R-COIN-4"


def test_r_dist_pioneer_1_view_of_the_draw_only_for_the_winner() -> None:
    from enginekit import Scenario

    s = Scenario(3, NAMES3, seed=1).army(1, explorer=[5]).at_end_of_age().build()
    assert nidlib.view_for(s, 1).pioneer_draw == s.pioneer_draw
    for viewer in (0, 2):
        v = nidlib.view_for(s, viewer)
        assert v.pioneer_draw == []
        assert sorted(v.decks[2]) == sorted(s.decks[2] + s.pioneer_draw)
    s, _ = play_until(s, lambda x: x.age == 2, choose=lambda _s, acts: acts[0])
    assert all(nidlib.view_for(s, i).pioneer_draw == [] for i in range(3))
