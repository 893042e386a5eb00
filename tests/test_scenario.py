"""The rules lawyer's Scenario (issue 10, item 8): each check, and each shown failing once on broken input."""

from __future__ import annotations

import json

import pytest

import nidlib
from nidlib import Coin, DocumentError, IllegalActionError
from nidlib.content import scenario as scen
from nidlib.content.scenario import (
    Scenario,
    ScenarioError,
    apply_until,
    coin_at,
    heroes_owed,
    load,
    parse_coin,
    paused_at,
    resume,
    step,
)
from nidlib.core.cards import CARDS
from nidlib.core.serialize import state_to_dict
from nidlib.core.tasks import Evaluate
from nidlib.rules.flowcheck import check_flow
from nidlib.rules.load import state_from_dict

NAMES = ("Ana", "Bo", "Cy")
LINE = {"warrior": [3], "hunter": ["H"], "miner": [1], "blacksmith": ["B"], "explorer": [5]}


def three() -> Scenario:
    return Scenario(3, names=NAMES, seed=1).gems({0: 5, 1: 4, 2: 3})


def bid_all(sc: Scenario) -> Scenario:
    return (
        sc.bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(2, taverns=[3, 2, 0], pouch=[4, 5])
    )


def snapshot(sc: Scenario) -> str:
    """Everything a scenario holds, as text: equal before and after a refused call."""
    s, coins, phase, taverns_set, treasury, _camp_set, myth = sc._save()
    return json.dumps(
        [
            state_to_dict(s),
            {i: [list(map(str, c)), h] for i, (c, h) in coins.items()},
            phase,
            taverns_set,
            treasury,
            myth,
        ],
        default=str,
        sort_keys=True,
    )


def refused(sc: Scenario, call: str, rule: str, *args: object, **kwargs: object) -> ScenarioError:
    before = snapshot(sc)
    with pytest.raises(ScenarioError) as info:
        getattr(sc, call)(*args, **kwargs)
    assert info.value.rule == rule, info.value
    assert f"[{rule}]" in str(info.value)
    assert snapshot(sc) == before, "a refused set-up must leave the scenario unchanged"
    return info.value


def test_r_flow_2_build_leaves_the_scenario_unchanged_and_check_runs_the_flow_check() -> None:
    sc = bid_all(three()).hand(0, [0, 2, 3, 4, "g9"]).at_bids()
    before = snapshot(sc)
    assert sc.build() == sc.build()  # building twice takes the gold 9 once
    assert snapshot(sc) == before
    bid_all(three()).at_tavern(0).build(check=True)
    # a green 3 in Age I: the Hunting Master's coin before the hunters' evaluation (R-EVAL-4)
    broken = bid_all(three()).bids(0, taverns=[4, "3s", 2], pouch=[3, 5]).at_tavern(0)
    broken.build()  # lessons may show such a position...
    with pytest.raises(DocumentError, match="R-EVAL-4"):
        broken.build(check=True)  # ...but it is not one a game can reach


# --- Royal Treasure -------------------------------------------------------------------------------------


def test_r_treas_r_comp_7_treasury_read_follows_the_coins_players_hold() -> None:
    sc = three()
    assert sum(sc.royal_treasury().values()) == 28  # 3 players: 34 - 2x7, 2x9, 2x11 (R-SETUP-3)
    sc.hand(1, [0, 2, 3, 4, "g10"])
    assert sc.royal_treasury()[10] == 1
    assert sc.at_bids().build().treasury == sc.royal_treasury()


def test_r_comp_7_treasury_write_checked_and_built() -> None:
    sc = three().hand(1, [0, 2, 3, 4, "g8"]).hand(2, [0, 2, 3, 4, 8])
    sc.treasury({8: 0})
    s = sc.at_bids().build()
    assert s.treasury[8] == 0
    sc2 = three()
    # a coin that does not exist in this game, a coin that is not gold, a count that is not a count
    refused(sc2, "treasury", "R-COMP-7", {9: 2})  # one gold 9 at 3 players
    refused(sc2, "treasury", "R-COMP-7", {"3s": 1})
    refused(sc2, "treasury", "R-COMP-7", {10: -1})
    refused(sc2, "treasury", "R-COMP-7", {26: 0})


def test_r_coin_1_treasury_never_holds_a_coin_a_player_holds() -> None:
    sc = three().hand(0, [0, 2, 3, 4, "g9"])
    error = refused(sc, "treasury", "R-COMP-7", {9: 1})
    assert error.path == "treasury.9"
    sc2 = three().treasury({9: 1})
    refused(sc2, "hand", "R-COMP-7", 0, [0, 2, 3, 4, "g9"])


def test_r_coin_1_treasury_write_with_coins_nowhere_is_refused_at_build() -> None:
    sc = three().treasury({8: 0})  # both gold 8s left the Treasury, but nobody holds them
    with pytest.raises(ScenarioError) as info:
        sc.build()
    assert info.value.rule == "R-COIN-1"
    assert info.value.path == "treasury.8"
    sc.hand(0, [0, 2, 3, 4, "g8"]).hand(1, [0, 2, 3, 4, "g8"])
    assert sc.build().treasury[8] == 0


# --- coins: the ambiguous "5" -----------------------------------------------------------------------


def test_r_comp_6_bare_5_is_refused_with_both_choices() -> None:
    error = refused(three(), "bids", "R-COMP-6", 0, taverns=[4, 0, 2], pouch=[3, "5"])
    assert error.path == "bids(0).pouch[1]"
    assert "'5b'" in error.problem
    assert "'g5'" in error.problem


def test_r_comp_6_explicit_fives_are_read_exactly() -> None:
    assert parse_coin("5b") == Coin(5, nidlib.CoinKind.BASIC) == parse_coin(5) == parse_coin("b5")
    assert parse_coin("g5") == Coin(5, nidlib.CoinKind.ROYAL) == parse_coin("5g") == parse_coin("gold 5")
    assert str(parse_coin(" G25 ")) == "25"
    assert str(parse_coin("3s")) == "3s"
    s = three().bids(0, taverns=[4, 0, 2], pouch=["5b", "g5"]).hand(1, [0, 2, 3, 4, 5]).build()
    assert (
        sorted(map(str, s.players[0].hand)) == sorted(["0", "2", "3", "4", "5b", "5"]) or s.players[0].slots
    )


def test_r_comp_6_second_int_5_and_unknown_coins_refused() -> None:
    refused(three(), "bids", "R-COMP-6", 0, taverns=[4, 0, 2], pouch=[5, 5])
    refused(three(), "hand", "R-COMP-7", 0, [0, 2, 3, 4, 1])
    refused(three(), "hand", "R-COMP-6", 0, [0, 2, 3, 4, "five"])
    refused(three(), "hand", "R-COIN-3", 0, [0, 2, 3, 4])


# --- at_tavern refuses players who have not bid ---------------------------------------------------------


def test_r_bid_3_at_tavern_refuses_a_player_without_bid_at_build() -> None:
    sc = (
        three().bids(0, taverns=[4, 0, 2], pouch=[3, 5]).bids(2, taverns=[3, 2, 0], pouch=[4, 5]).at_tavern(0)
    )
    with pytest.raises(ScenarioError) as info:
        sc.build()
    assert info.value.rule == "R-BID-3"
    assert "Bo has no bid" in str(info.value)
    assert "players[1]" in info.value.path


def test_r_bid_3_at_tavern_refuses_a_hand_given_now() -> None:
    sc = bid_all(three()).hand(1, [0, 2, 3, 4, 5])
    error = refused(sc, "at_tavern", "R-BID-3", 0)
    assert "Bo" in str(error)


def test_r_bid_4_uline_owner_needs_no_bid_and_the_state_passes_the_flow_check() -> None:
    s = (
        three()
        .command_zone(0, ["Uline"])
        .army(0, **LINE)
        .hand(0, [0, 2, 3, 4, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .at_tavern(0)
        .build()
    )
    assert nidlib.decision(s).kind == "uline_bid"
    check_flow(s)


def test_r_hero_uline_4_uline_owner_at_a_later_tavern_has_laid_her_coins() -> None:
    sc = (
        three()
        .command_zone(0, ["Uline"])
        .army(0, **LINE)
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .at_tavern(1)
    )
    s = sc.build()
    assert s.players[0].slots[0] == parse_coin(4)
    assert s.players[0].revealed[0]
    check_flow(s)
    broken = sc.hand(0, [0, 2, 3, 4, 5])  # which coin did she lay on the Goblin? unknown
    with pytest.raises(ScenarioError) as info:
        broken.build()
    assert info.value.rule == "R-HERO-ULINE-4"


def test_set_up_input_that_is_not_a_list_is_a_document_error_naming_the_field() -> None:
    sc = three()
    before = snapshot(sc)
    for call, args, kwargs, path in [
        ("army", (0,), {"warrior": 3}, "army(0).warrior"),
        ("taverns", ("W3",), {}, "taverns"),
        ("bids", (0,), {"taverns": 4, "pouch": [3, 5]}, "bids(0).taverns"),
        ("hand", (0, "02345"), {}, "hand(0)"),
    ]:
        with pytest.raises(DocumentError) as info:
            getattr(sc, call)(*args, **kwargs)
        assert info.value.path == path
    assert snapshot(sc) == before


# --- direct placement ----------------------------------------------------------------------------------


def test_r_army_1_place_a_dwarf_in_its_own_column() -> None:
    s = three().place(0, "W7").place(0, "E9", "explorer").build()
    assert [CARDS[c].name for c in s.players[0].columns[0]]
    assert s.players[0].columns[4]
    refused(three(), "place", "R-ARMY-1", 0, "W7", "miner")
    refused(three(), "place", "R-ARMY-1", 0, "Kraal", "hunter")  # a class hero: its own column
    refused(three(), "place", "R-ARMY-1", 0, "Grid", "warrior")  # a neutral hero: command zone
    refused(three(), "place", "R-ARMY-1", 0, "W7", "wizards")


def test_r_army_1_place_heroes_in_the_command_zone_and_thrud_in_any_column() -> None:
    s = three().place(0, "Grid").place(1, "Thrud", "hunter").build()
    assert "grid" in s.players[0].command_zone
    assert "grid" in s.players[0].heroes
    assert s.players[1].thrud == 1
    refused(three(), "place", "R-HERO-THRUD-2", 1, "Thrud")  # no column given


def test_r_hero_ylud_2_ylud_in_a_column_only_after_the_age_i_step() -> None:
    with pytest.raises(ScenarioError) as info:
        three().place(0, "Ylud", "miner").build()
    assert info.value.rule == "R-HERO-YLUD-2"
    s = Scenario(3, age=2).place(0, "Ylud", "miner").build()
    assert "ylud" in s.players[0].columns[2]


def test_r_comp_4_a_hero_placed_once_and_r_xform_7_no_royal_offering_in_an_army() -> None:
    sc = three().place(0, "Grid")
    refused(sc, "place", "R-COMP-4", 1, "Grid")
    refused(sc, "place", "R-XFORM-7", 1, "RO3")
    refused(sc, "army", "R-SETUP-6", 7, warrior=[3])


def test_r_comp_1_age_i_army_cards_come_from_the_age_i_deck() -> None:
    s = Scenario(3).army(0, warrior=[3, 4, 5, 6, 6, 7, 8, 9]).build()
    assert all(CARDS[c].age == 1 for c in s.players[0].columns[0])
    refused(Scenario(3).army(0, warrior=[3]), "army", "R-COMP-1", 1, warrior=[3])
    refused(Scenario(3).army(0, warrior=[3]), "taverns", "R-COMP-1", [["W3"], [], []])
    assert Scenario(3)._strict_decks  # the default
    # lenient, on request: a card the Age I deck no longer holds is the Age II copy
    old = Scenario(3, strict_decks=False).army(0, warrior=[3]).army(1, warrior=[3]).build()
    assert CARDS[old.players[1].columns[0][0]].age == 2
    s2 = Scenario(3, age=2).army(0, warrior=[3, 3]).build()
    assert sorted(CARDS[c].age for c in s2.players[0].columns[0]) == [1, 2]


# --- stop before an automatic step ----------------------------------------------------------------------


def _round_trip(p: nidlib.State) -> None:
    text = nidlib.to_json(p)
    assert load(text) == p
    assert state_from_dict(state_to_dict(p), check_flow=False) == p
    check_flow(p, paused=True)
    with pytest.raises(DocumentError, match="runs by itself"):
        nidlib.from_json(text)  # a saved game waits for a decision: the paused loader is explicit


@pytest.mark.parametrize(("cls", "ci"), [("warrior", 0), ("hunter", 1), ("explorer", 4)])
def test_r_eval_2_stop_before_a_troop_evaluation(cls: str, ci: int) -> None:
    sc = three().army(0, warrior=[3, 4], hunter=["H", "H"]).army(1, warrior=[5], miner=[1]).at_end_of_age()
    p = sc.build(stop_before=f"eval:{cls}")
    assert paused_at(p) == f"eval:{cls}"
    assert p.tasks[-1] == Evaluate(ci)
    _round_trip(p)
    assert nidlib.decision(p).kind == "paused"
    assert nidlib.legal_actions(p) == []
    _after, events = step(p)
    assert any(e.rule == "R-EVAL-3" for e in events)


def test_r_gem_2_stop_before_the_gem_exchange_then_step() -> None:
    sc = bid_all(three()).taverns([[], ["H", "M1", "E5"], ["B", "M0", "E6"]]).at_tavern(0)
    p = sc.build(stop_before="gems")
    assert paused_at(p) == "gems:0"
    assert p.ties == [[0, 1]]
    _round_trip(p)
    after, events = step(p)
    assert [p.gem for p in after.players] == [4, 5, 3]
    assert any(e.rule == "R-GEM-2" for e in events)
    assert paused_at(after) == "reveal:1"  # one step: the Dancing Dragon's revelation waits
    assert nidlib.decision(resume(after)[0]).kind == "pick"


def test_r_hero_thrud_5_stop_before_thrud_goes_home_and_before_final_scoring() -> None:
    sc = Scenario(2, age=2, seed=3).army(0, warrior=[3, "Thrud"]).army(1, warrior=[4]).at_end_of_age()
    p = sc.build(stop_before="thrud-home")
    _round_trip(p)
    q, events = step(p)
    assert [e.rule for e in events] == ["R-HERO-THRUD-5"]
    assert paused_at(q) == "final"
    _round_trip(q)
    end, events = step(q)
    assert end.is_over
    assert any(e.rule == "R-SCORE-10" for e in events)
    with pytest.raises(ScenarioError) as info:
        sc.build(stop_before="final")  # Thrud still in a column at the final scoring
    assert info.value.rule == "R-HERO-THRUD-5"


def test_r_round_1_stop_before_the_end_of_the_round() -> None:
    sc = bid_all(three()).taverns([[], [], []]).at_tavern(2)
    p = sc.build(stop_before="round-end")
    assert paused_at(p) == "round-end"
    _round_trip(p)
    after, _ = step(p)
    assert all(len(q.hand) == 5 for q in after.players)
    assert paused_at(after) == "round-start"  # one step: the next round's Enter the Dwarves waits
    bids, events = step(after)
    assert [e.rule for e in events][:2] == ["R-FLOW-2", "R-ENTER-1"]
    assert nidlib.decision(bids).kind == "bids"


def test_r_age_1_stop_before_the_ylud_step_and_age_ii() -> None:
    p = three().army(0, **LINE).at_end_of_age().build(stop_before="ylud")
    assert paused_at(p) == "ylud"
    _round_trip(p)
    q = three().army(0, **LINE).at_end_of_age().build(stop_before="age")
    assert paused_at(q) == "age"
    assert nidlib.decision(resume(q)[0]).kind == "bids"


def test_r_flow_2_apply_refuses_a_paused_state_and_continues_after_step() -> None:
    p = three().army(0, **LINE).at_end_of_age().build(stop_before="eval")
    bid = nidlib.legal_actions(resume(p)[0], 0)
    with pytest.raises(IllegalActionError) as info:
        nidlib.apply(p, bid[0])
    assert info.value.rule == "R-FLOW-2"
    s, _ = resume(p)
    s2, _ = nidlib.apply(s, bid[0])  # the real continuation accepts it
    assert s2 != s


def test_r_flow_2_apply_until_stops_after_the_last_pick_before_the_gem_exchange() -> None:
    s = bid_all(three()).taverns([["W3"], ["H"], ["B"]]).at_tavern(0).build()
    assert nidlib.decision(s).players == (0,)
    p, _events = apply_until(s, nidlib.parse("p0:pick:1W3"), "gems")
    assert paused_at(p) == "gems:0"
    _round_trip(p)


def _paused(p: nidlib.State, where: str) -> None:
    """A paused position: the step waits on top, nobody acts, and it saves and loads."""
    assert paused_at(p) == where
    d = nidlib.decision(p)
    assert d.kind == "paused"
    assert d.players == ()
    assert nidlib.legal_actions(p) == []
    _round_trip(p)


ROWS = [["W3", "H", "M1"], ["B", "E5", "M0"], ["W4", "H", "E6"]]


def test_r_enter_1_stop_before_enter_the_dwarves_then_the_taverns_are_dealt() -> None:
    sc = bid_all(three()).taverns(ROWS)
    at_bids = sc.build()
    p = sc.build(stop_before="round-start")
    _paused(p, "round-start")
    assert p.taverns == [[], [], []]
    assert p.round == 0  # Enter the Dwarves opens round 1
    assert all(len(q.hand) == 5 and not q.bid_done for q in p.players)
    dealt, events = step(p)
    assert dealt == at_bids  # the same position as a scenario at its bids
    assert [str(e) for e in events if e.rule == "R-ENTER-1"] == [
        str(e) for e in engine_events_of_round_start(at_bids)
    ]
    assert nidlib.decision(dealt).kind == "bids"
    second = bid_all(Scenario(3, names=NAMES, seed=1, round=2)).build(stop_before="round-start")
    _paused(second, "round-start")
    assert step(second)[0].round == 2
    with pytest.raises(ScenarioError) as info:  # a short Goblin would be filled from the deck
        bid_all(three()).taverns([["W3", "H"], *ROWS[1:]]).build(stop_before="round-start")
    assert info.value.rule == "R-ENTER-1"


def engine_events_of_round_start(s: nidlib.State) -> list[nidlib.Event]:
    """The Enter the Dwarves events of a built position, as the engine words them (R-ENTER-1)."""
    from nidlib.core.events import Event
    from nidlib.rules.base import _card, _t

    return [
        Event("enter.tavern", "R-ENTER-1", {"tavern": _t(t), "cards": [_card(c) for c in s.taverns[t]]})
        for t in range(3)
    ]


@pytest.mark.parametrize("tavern", [0, 1, 2])
def test_r_reveal_1_stop_before_a_revelation_then_before_the_pick_order(tavern: int) -> None:
    sc = bid_all(three()).taverns([r if t >= tavern else [] for t, r in enumerate(ROWS)]).at_tavern(tavern)
    direct = sc.build()
    p = sc.build(stop_before="reveal")
    _paused(p, f"reveal:{tavern}")
    assert p.tavern == tavern - 1  # the tavern resolved last; none yet before the Goblin
    assert [q.revealed[tavern] for q in p.players] == [False] * 3
    q, events = step(p)
    assert [r.revealed[tavern] for r in q.players] == [True] * 3
    assert events == []  # the bids are shown with the pick order (the next step)
    _paused(q, f"order:{tavern}")
    assert q.order == []
    r, events = step(q)
    assert r == direct
    assert r.order == direct.order
    assert r.ties == direct.ties
    assert next(e.rule for e in events) == "R-REVEAL-1"
    assert "R-ORDER-1" in [e.rule for e in events]
    assert nidlib.decision(r).kind == "pick"


def test_r_reveal_1_apply_until_the_last_bid_stops_before_the_goblins_revelation() -> None:
    s = bid_all(three()).taverns(ROWS).at_tavern(0).build()  # the same bids, built at the Goblin
    start = three().taverns(ROWS).build()
    start = nidlib.apply(start, nidlib.parse("p1:bid:4,2,3/0,5b"))[0]
    start = nidlib.apply(start, nidlib.parse("p2:bid:3,2,0/4,5b"))[0]
    assert nidlib.decision(start).players == (0,)
    bid = nidlib.parse("p0:bid:4,0,2/3,5b")
    p, events = apply_until(start, bid, "reveal")
    _paused(p, "reveal:0")
    assert events[-1].rule == "R-BID-3"
    direct, all_events = nidlib.apply(start, bid)
    resumed, rest = resume(p)
    assert resumed == direct
    assert [str(e) for e in events + rest] == [str(e) for e in all_events]
    assert resumed.order == s.order


def test_r_recruit_1_stop_before_the_recruitment_check_after_a_pick() -> None:
    sc = (
        bid_all(three())
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"])
        .taverns([["E5", "H", "M1"], ["B", "E6", "M0"], ["W4", "H", "E9"]])
        .at_tavern(0)
    )
    s = sc.build()
    pick = nidlib.parse("p0:pick:1E5")  # completes Ana's first line of five classes
    p, events = apply_until(s, pick, "recruit")
    _paused(p, "recruit:0")
    assert heroes_owed(p, 0).owed == 1
    assert not any(t.KIND == "hero" for t in p.tasks)  # the golden rule has not been checked yet
    q, checked = step(p)
    assert [e.rule for e in checked] == ["R-RECRUIT-1"]
    d = nidlib.decision(q)
    assert (d.kind, d.players) == ("hero", (0,))
    direct, all_events = nidlib.apply(s, pick)
    assert q == direct
    assert [str(e) for e in events + checked] == [str(e) for e in all_events]
    # a player who owes nothing: the check runs and the next player picks
    p1, _ = apply_until(s, nidlib.parse(f"p0:pick:{s.taverns[0][1]}"), "recruit:0")  # the hunter
    _paused(p1, "recruit:0")
    assert nidlib.decision(step(p1)[0]).players == (1,)


def test_r_trade_1_stop_before_the_coin_trade() -> None:
    sc = (
        three()
        .bids(0, taverns=[0, 4, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(2, taverns=[3, 2, 0], pouch=[4, 5])
        .taverns(ROWS)
        .at_tavern(0)
    )
    s = sc.build()
    assert s.order == [1, 2, 0]
    warrior, hunter, miner = s.taverns[0]
    s = nidlib.apply(s, nidlib.parse(f"p1:pick:{warrior}"))[0]
    s = nidlib.apply(s, nidlib.parse(f"p2:pick:{hunter}"))[0]
    pick = nidlib.parse(f"p0:pick:{miner}")  # Ana bid her 0 here: she trades after her pick
    p, _events = apply_until(s, pick, "trade")
    _paused(p, "trade:0")
    assert coin_at(p, 0, "p0") == parse_coin(3)
    assert coin_at(p, 0, "p1") == parse_coin(5)
    q, traded = step(p)
    assert any(e.rule == "R-TRADE-2" for e in traded)
    assert coin_at(q, 0, "p1") == parse_coin(8)  # 3 + 5: the basic 5 goes, a gold 8 comes
    _paused(q, "gems:0")  # then the end of the Goblin, one step at a time
    assert resume(q)[0] == resume(p)[0] == nidlib.apply(s, pick)[0]
    with pytest.raises(ScenarioError) as info:  # nobody bid a 0 on the Dancing Dragon but Ana...
        sc.build(stop_before="trade")  # ...and the picks come first
    assert info.value.rule == "R-FLOW-2"


def test_r_flow_2_a_forged_pause_inside_a_round_is_refused() -> None:
    sc = bid_all(three()).taverns(ROWS)
    d = state_to_dict(sc.build(stop_before="round-start"))
    d["tasks"][-1] = ["order", 0]  # a pick order before any revelation
    with pytest.raises(DocumentError, match="tavern"):
        load(d)
    s = sc.at_tavern(0).build()
    d = state_to_dict(s)
    d["tasks"].append(["trade", 1])  # Bo bid a 4 on the Goblin: no trade follows his pick
    with pytest.raises(DocumentError, match="R-TRADE-1"):
        load(d)
    d = state_to_dict(
        sc.army(1, warrior=[7], hunter=["H"], miner=[2], blacksmith=["B"], explorer=[8]).at_tavern(0).build()
    )
    load(d)  # Bo owes a hero but Ana is on turn: valid until Bo's own recruitment check
    d["tasks"].append(["recruit", 1])  # a check on top of a valid position...
    with pytest.raises(DocumentError, match="pick order"):
        load(d)  # ...that leaves a hero due in the middle of Ana's turn


def test_r_flow_2_stop_before_refused_where_it_cannot_stop() -> None:
    with pytest.raises(ScenarioError) as info:
        three().army(0, **LINE).at_end_of_age().build(stop_before="dinner")
    assert info.value.rule == "R-FLOW-2"
    with pytest.raises(ScenarioError) as info:
        bid_all(three()).at_tavern(0).build(stop_before="eval")  # needs at_end_of_age
    assert info.value.rule == "R-AGE-1"
    with pytest.raises(ScenarioError) as info:
        bid_all(three()).at_tavern(0).build(stop_before="gems")  # the picks come first
    assert info.value.rule == "R-FLOW-2"
    assert "apply_until" in str(info.value)
    with pytest.raises(ScenarioError):
        step(bid_all(three()).at_tavern(0).build())


def test_r_flow_2_flowcheck_paused_refuses_a_forged_pause() -> None:
    p = three().army(0, **LINE).at_end_of_age().build(stop_before="eval:hunter")
    d = state_to_dict(p)
    d["tasks"].append(["final"])  # final scoring on top of Age I: no engine stack looks like this
    forged = state_from_dict(d, check_flow=False)
    with pytest.raises(DocumentError):
        check_flow(forged, paused=True)
    g = (
        bid_all(three())
        .taverns([[], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(stop_before="gems")
    )
    d = state_to_dict(g)
    d["taverns"][0] = [d["taverns"][1].pop()]  # a card left in the Goblin at 3 players
    with pytest.raises(DocumentError, match="R-PICK-2"):
        load(d)
    load(state_to_dict(g))  # the same document, unbroken, loads
    with pytest.raises(nidlib.NidError, match="view"):
        step(nidlib.view_for(g, 0))
    d = state_to_dict(p)
    # the hunters' distinction before their evaluation
    d["players"][0]["command_zone"].append("hunting-master")
    with pytest.raises(DocumentError, match="R-EVAL-4"):
        load(d)


# --- public queries ------------------------------------------------------------------------------------


def test_r_recruit_1_heroes_owed_lines_against_heroes() -> None:
    s = (
        three()
        .army(0, **LINE)
        .army(1, warrior=[4, "Kraal"], hunter=["H"], miner=[2], blacksmith=["B"], explorer=[6])
        .build()
    )
    owed = heroes_owed(s, 0)
    assert (owed.lines, owed.heroes, owed.owed) == (1, 0, 1)
    assert "grid" in owed.eligible
    bo = heroes_owed(s, 1)
    assert (bo.lines, bo.heroes, bo.owed, bo.eligible) == (1, 1, 0, ())
    with pytest.raises(ScenarioError):
        heroes_owed(s, 3)


def test_r_recruit_1_heroes_owed_fails_on_a_broken_lines_count(monkeypatch: pytest.MonkeyPatch) -> None:
    s = three().army(0, **LINE).build()
    monkeypatch.setattr(scen, "lines", lambda p: 0)
    assert heroes_owed(s, 0).owed == 0  # the query reads the golden rule's lines: a broken count shows


def test_r_bid_1_coin_at_each_place() -> None:
    s = bid_all(three()).at_tavern(1).build()
    assert coin_at(s, 0, "t0") == parse_coin(4) == coin_at(s, 0, "goblin")
    assert coin_at(s, 1, "tavern-1") == parse_coin(2)
    assert coin_at(s, 2, "pouch-0") == parse_coin(4)
    assert coin_at(s, 2, "p1") == parse_coin(5)
    assert coin_at(s, 0, "hand-0") is None
    h = three().hand(0, [0, 2, 3, 4, "g9"]).build()
    assert coin_at(h, 0, "h4") == parse_coin("g9")
    from nidlib.core.places import Place, Zone

    assert coin_at(s, 2, Place(Zone.POUCH, 0)) == parse_coin(4)  # the core's typed place
    for bad in ("t3", "p2", "x1", "tavern"):
        with pytest.raises(ScenarioError):
            coin_at(s, 0, bad)


def test_r_age_1_every_step_of_the_end_of_age_i_is_a_state_that_loads() -> None:
    p = three().army(0, warrior=[3]).army(1, warrior=[4]).at_end_of_age().build(stop_before="ylud")
    seen = []
    while paused_at(p):
        seen.append(paused_at(p))
        _round_trip(p)
        p, _ = step(p)
    classes = ["warrior", "hunter", "miner", "blacksmith", "explorer"]
    assert seen == ["ylud", *[f"eval:{c}" for c in classes], "age", "round-start"]  # ties: nobody decides
    assert nidlib.decision(p).kind == "bids"
    check_flow(p)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_r_flow_2_pausing_anywhere_then_resuming_is_the_same_game(players: int, seed: int) -> None:
    """Random games: at every action, stopping before each automatic step and resuming (or stepping
    through) gives exactly the state and events of ``nidlib.apply``; every paused state loads."""
    import random

    rng = random.Random(seed)
    s = nidlib.new_game(players, seed=seed)
    paused_kinds: set[str] = set()
    while not s.is_over:
        a = rng.choice(nidlib.legal_actions(s))
        direct, events = nidlib.apply(s, a)
        for stop in scen.STOPS:
            p, first = apply_until(s, a, stop)
            where = paused_at(p)
            if where is None:
                assert p == direct
                continue
            paused_kinds.add(where.split(":")[0])
            assert load(nidlib.to_json(p)) == p
            resumed, rest = resume(p)
            assert resumed == direct
            assert [str(e) for e in first + rest] == [str(e) for e in events]
            stepped, more = p, list(first)
            while paused_at(stepped):
                stepped, ev = step(stepped)
                more += ev
            assert stepped == direct
            assert [str(e) for e in more] == [str(e) for e in events]
        s = direct
    assert paused_kinds >= {
        "round-start", "reveal", "order", "recruit", "gems", "round-end", "ylud", "eval", "age", "thrud-home",
        "final",
    }  # fmt: skip
    # a trade needs a 0 bid: random bids do not always make one; test_r_trade_1_stop_before_the_coin_trade
