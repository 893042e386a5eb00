"""End of Ages, Troop Evaluation, distinctions, end of game and final scores (RULES.md §9-11, EC-24..32,
EC-41..52 end to end through built positions)."""

from __future__ import annotations

from typing import Any

from enginekit import NAMES3, Scenario, assert_conserved, assert_illegal, by_rule, play, play_until

import nidlib
from nidlib import State
from nidlib.core.serialize import state_to_dict
from nidlib.rules.engine import lines, ranks
from nidlib.rules.load import state_from_dict

W, H, M, B, E = range(5)


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def evals(events: list[nidlib.Event]) -> dict[str, nidlib.Event]:
    return {e.params["cls"].split(".")[1]: e for e in events if e.rule == "R-EVAL-3"}


def end1(events: list[nidlib.Event] | None = None, **armies: Any) -> State:
    sc = Scenario(3, NAMES3, seed=1)
    for i, name in enumerate(("ana", "bo", "cy")):
        if name in armies:
            sc = sc.army(i, **armies[name])
    return sc.at_end_of_age().build(events)


def to_age2(s: State) -> tuple[State, list[nidlib.Event]]:
    return play_until(s, lambda x: x.age == 2, choose=first)


def test_r_eval_2_classes_evaluated_warrior_hunter_miner_blacksmith_explorer() -> None:
    events: list[nidlib.Event] = []
    s = end1(events)
    s, ev = to_age2(s)
    order = [e.params["cls"] for e in events + ev if e.rule == "R-EVAL-3"]
    assert order == [
        "@class.warrior",
        "@class.hunter",
        "@class.miner",
        "@class.blacksmith",
        "@class.explorer",
    ]


def test_r_eval_3_and_ec_24_ranks_not_cards_tie_means_nobody() -> None:
    events: list[nidlib.Event] = []
    s = end1(events, ana={"warrior": [3, 4, 5]}, bo={"warrior": [6, "Kraal"]})
    s, ev = to_age2(s)
    e = evals(events + ev)["warrior"]
    assert e.key == "eval.tie"
    assert e.text() == (
        "King's Hand: Warrior ranks are Ana 3, Bo 3 and Cy 0; Ana and Bo tie with 3, so nobody wins "
        "it. [R-EVAL-3]"
    )
    assert all("kings-hand" not in p.command_zone for p in s.players)


def test_ec_25_nobody_has_a_miner_nobody_wins() -> None:
    events: list[nidlib.Event] = []
    s = end1(events)
    s, ev = to_age2(s)
    assert evals(events + ev)["miner"].key == "eval.tie"
    assert all(p.gem != 6 for p in s.players)


def test_r_eval_1_after_the_last_tavern_and_after_ylud() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .command_zone(0, ["Ylud"])
        .army(1, hunter=[0])
        .at_end_of_age()
        .build(events)
    )
    assert nidlib.decision(s).kind == "ylud"
    assert not by_rule(events, "R-EVAL-3")
    s, ev = play(s, "p0:ylud:hunter")
    assert evals(ev)["hunter"].key == "eval.tie"  # Ylud's rank counted: 1 vs 1


def test_r_eval_4_distinction_effect_and_its_consequences_before_the_next_class() -> None:
    events: list[nidlib.Event] = []
    s = end1(
        events,
        ana={"warrior": [3], "hunter": [0], "miner": [0], "blacksmith": [0], "explorer": [5]},
        bo={"explorer": [6, 7]},
    )
    s, ev = play_until(s, lambda x: nidlib.decision(x).kind == "hero", choose=first)
    assert "kings-great-armorer" in s.players[0].command_zone
    assert not [e for e in events + ev if e.rule == "R-EVAL-3" and e.params["cls"] == "@class.explorer"]
    s, ev2 = play(s, "p0:hero:skaa")
    assert evals(ev2)["explorer"].params["name"] == "Bo"


def test_r_eval_5_and_ec_27_armorer_then_thrud_changes_the_pioneer() -> None:
    events: list[nidlib.Event] = []
    s = end1(
        events,
        ana={
            "warrior": [3, 4, 5],
            "hunter": [0, 0, 0],
            "miner": [0, 1, 2],
            "blacksmith": [0],
            "explorer": [5, 6],
        },
        bo={"warrior": [6, 7, 8], "hunter": [0, 0, 0], "miner": [0, 1, 2], "explorer": [7, 8, 9]},
    )
    s, ev = play_until(s, lambda x: nidlib.decision(x).kind == "hero", choose=first)
    assert nidlib.decision(s).players == (0,)
    assert lines(s.players[0]) == 2
    s, ev = play(s, "p0:hero:thrud", "p0:thrud:explorer")
    s, more = to_age2(s)
    pioneer = evals(ev + more)["explorer"]
    assert pioneer.key == "eval.tie"
    assert pioneer.params["best"] == 3
    assert by_rule(ev + more, "R-DIST-PIONEER-4")


def test_r_eval_6_unawarded_distinctions_removed_only_pioneer_has_an_effect() -> None:
    events: list[nidlib.Event] = []
    s = end1(events)
    s, ev = to_age2(s)
    (none,) = by_rule(events, "R-DIST-PIONEER-4")
    top = none.params["card"].removeprefix("@card.")
    assert all(not p.command_zone for p in s.players)
    assert all(p.gem != 6 for p in s.players)
    assert all("3s" not in map(str, p.hand) for p in s.players)
    assert [e.rule for e in events + ev if e.rule.startswith("R-DIST")] == ["R-DIST-PIONEER-4"]
    assert top in s.discard


def test_r_dist_kingshand_1_plus_five_on_a_coin_in_hand() -> None:
    s = end1(ana={"warrior": [3]})
    d = nidlib.decision(s)
    assert d.kind == "transform"
    assert d.params == {"amount": 5, "source": "kings-hand"}
    assert d.players == (0,)
    assert "kings-hand" in s.players[0].command_zone
    assert_illegal(s, "p0:transform:h0", "R-XFORM-1")
    s, _ = play(s, "p0:transform:h2")  # 3 -> 8
    assert [str(c) for c in s.players[0].hand] == ["0", "2", "4", "5b", "8"]


def test_r_dist_huntingmaster_1_zero_replaced_by_the_green_three() -> None:
    events: list[nidlib.Event] = []
    s = end1(events, bo={"hunter": [0, 0]})
    s, ev = to_age2(s)
    (e,) = by_rule(events + ev, "R-DIST-HUNTINGMASTER-1")
    assert (
        e.text()
        == "Bo replaces the 0 coin with the green 3, which is also a trading coin. [R-DIST-HUNTINGMASTER-1]"
    )
    assert [str(c) for c in s.players[1].hand] == ["2", "3", "3s", "4", "5b"]
    assert "0" in s.out_of_game
    assert_conserved(s)


def test_r_dist_huntingmaster_2_green_three_is_a_trading_coin_worth_three() -> None:
    s = end1(bo={"hunter": [0, 0]})
    s, _ = to_age2(s)
    bids = [a for a in nidlib.legal_actions(s, 1) if str(a.taverns[0]) == "3s"]
    assert bids
    t = nidlib.final_scores(s)
    assert t.players[1].points("coins") == 17  # 2 + 3 + 3 + 4 + 5: a net +3


def test_r_dist_crownjeweler_1_and_ec_31_gem_six_replaces_the_gem() -> None:
    events: list[nidlib.Event] = []
    s = Scenario(3, NAMES3, seed=1).gems({0: 3, 1: 4, 2: 5}).army(0, miner=[0]).at_end_of_age().build(events)
    s, ev = to_age2(s)
    assert [p.gem for p in s.players] == [6, 4, 5]
    assert s.gems_out == [3]
    (e,) = by_rule(events + ev, "R-DIST-CROWNJEWELER-1")
    assert (
        e.text()
        == "Ana swaps gem 3 for gem 6: it wins every tie and is worth 3 points at the end of the game. [R-DIST-CROWNJEWELER-1]"
    )
    s, _ = play_until(s, lambda x: x.is_over, choose=first)
    assert nidlib.final_scores(s).players[0].points("gem6") == 3


def test_r_dist_armorer_1_two_rank_blacksmith_on_top() -> None:
    s = end1(ana={"blacksmith": [0]})
    s, _ = to_age2(s)
    assert s.players[0].columns[B][-1] == "armorer"
    assert ranks(s.players[0], B) == 3
    assert "kings-great-armorer" in s.players[0].command_zone


def _pioneer(**kw: Any) -> tuple[State, list[nidlib.Event]]:
    events: list[nidlib.Event] = []
    s = Scenario(3, NAMES3, seed=1, **kw).army(2, explorer=[5]).at_end_of_age().build(events)
    return s, events


def test_r_dist_pioneer_1_draw_three_keep_one_visible_to_the_winner_only() -> None:
    s, events = _pioneer()
    d = nidlib.decision(s)
    assert d.kind == "pioneer"
    assert d.players == (2,)
    assert len(s.pioneer_draw) == 3
    assert len(s.decks[2]) == 34
    (draw,) = [e for e in events if e.key == "dist.pioneer-draw"]
    assert draw.visible_to == 2
    assert draw.rule == "R-DIST-PIONEER-1"
    (public,) = [e for e in events if e.key == "dist.pioneer-draw-public"]
    assert public.visible_to is None
    assert "3 cards" in public.text()
    assert nidlib.view_for(s, 2).pioneer_draw == s.pioneer_draw
    assert nidlib.view_for(s, 0).pioneer_draw == []
    assert sorted(a.card for a in nidlib.legal_actions(s)) == sorted(s.pioneer_draw)
    assert_illegal(s, nidlib.Keep(2, s.decks[2][0]), "R-DIST-PIONEER-1")


def test_r_dist_pioneer_1_option_makes_the_draw_public() -> None:
    s, events = _pioneer(pioneer_draw_public=True)
    (draw,) = [e for e in events if e.key == "dist.pioneer-draw"]
    assert draw.visible_to is None
    assert nidlib.view_for(s, 0).pioneer_draw == s.pioneer_draw


def test_r_dist_pioneer_2_and_ec_30_kept_dwarf_placed_and_may_recruit() -> None:
    # Ana has no blacksmith (nobody wins the Armorer); a kept blacksmith gives her first line: she recruits
    # Uline during Troop Evaluation and keeps her coins in hand from Age II on.
    for seed in range(200):
        s = (
            Scenario(3, NAMES3, seed=seed)
            .army(0, warrior=[3, 4], hunter=[0, 0], miner=[0, 1], explorer=[5, 6])
            .at_end_of_age()
            .build()
        )
        s, _ = play_until(s, lambda x: nidlib.decision(x).kind == "pioneer", choose=first)
        smiths = [c for c in s.pioneer_draw if nidlib.CARDS[c].cls is nidlib.DwarfClass.BLACKSMITH]
        if smiths:
            break
    else:
        raise AssertionError("no seed drew a blacksmith")
    assert s.players[0].command_zone[-1] == "pioneer-of-the-kingdom"
    assert lines(s.players[0]) == 0
    s, ev = play(s, nidlib.Keep(0, smiths[0]))
    assert s.players[0].columns[B] == [smiths[0]]
    assert lines(s.players[0]) == 1
    assert nidlib.decision(s).kind == "hero"
    assert s.age == 1
    assert by_rule(ev, "R-RECRUIT-1")
    s, _ = play(s, "p0:hero:uline")
    s, _ = to_age2(s)
    assert nidlib.decision(s).kind == "bids"
    assert 0 not in nidlib.decision(s).players


def test_r_dist_pioneer_2_and_ec_29_kept_royal_offering_plus_five() -> None:
    # find a seed whose first three Age II cards (after the built deck) include a +5 offering
    for seed in range(200):
        s = (
            Scenario(3, NAMES3, seed=seed)
            .army(0, explorer=[5])
            .hand(0, [0, 2, 3, 4, "5b"])
            .at_end_of_age()
            .build()
        )
        ro = [c for c in s.pioneer_draw if nidlib.CARDS[c].kind is nidlib.CardKind.ROYAL_OFFERING]
        if ro:
            break
    else:
        raise AssertionError("no seed drew a Royal Offering")
    s, _ = play(s, nidlib.Keep(0, ro[0]))
    d = nidlib.decision(s)
    assert d.kind == "transform"
    assert d.params["amount"] == 5
    s, _ = play(s, "p0:transform:h4")  # 5b -> 10
    assert "10" in [str(c) for c in s.players[0].hand]
    assert ro[0] in s.discard


def test_r_dist_pioneer_3_others_shuffled_back() -> None:
    s, _ = _pioneer()
    drawn = list(s.pioneer_draw)
    shuffles = s.shuffles
    s2, ev = play(s, nidlib.Keep(2, drawn[0]))
    assert s2.shuffles == shuffles + 1
    assert set(drawn[1:]) <= set(s2.decks[2])
    assert len(s2.decks[2]) == 36
    assert s2.pioneer_draw == []
    (keep,) = by_rule(ev, "R-DIST-PIONEER-2")
    assert keep.params["back"] == 2


def test_r_dist_pioneer_4_and_ec_26_nobody_wins_top_card_discarded() -> None:
    events: list[nidlib.Event] = []
    s = Scenario(3, NAMES3, seed=1).at_end_of_age().build(events)
    s, ev = to_age2(s)
    (e,) = by_rule(events + ev, "R-DIST-PIONEER-4")
    assert e.params["card"].removeprefix("@card.") in s.discard
    assert e.text().startswith("Nobody wins the Pioneer of the Kingdom, so the top card of the Age II deck")
    ages = [x for x in events + ev if x.key == "age.start" and x.params["age"] == 2]
    assert ages[0].params["cards"] == 36


def test_r_dist_pioneer_5_exactly_one_card_leaves_the_age_two_deck() -> None:
    for seed, kw in ((1, {}), (2, {"ana": {"explorer": [5]}})):
        events: list[nidlib.Event] = []
        s = end1(events, **kw)
        s, ev = to_age2(s)
        start = next(x for x in events + ev if x.key == "age.start" and x.params["age"] == 2)
        assert start.params["cards"] == 36, seed
        assert (
            len([c for c in s.discard if nidlib.CARDS[c].age == 2])
            + sum(1 for p in s.players for col in p.columns for c in col if nidlib.CARDS[c].age == 2)
            == 1
        )


def test_ec_32_last_tavern_gem_exchange_before_crown_jeweler() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 3, 2: 4})
        .army(0, miner=[0, 1])
        .bids(0, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns([["W3", "W4", "W5"], ["H", "H", "H"], ["W6", "W7", "W8"]])
        .at_tavern(2)
        .build()
    )
    d = state_to_dict(s)
    d["discard"] += d["decks"]["1"] + d["taverns"][0] + d["taverns"][1]  # the last tavern of Age I
    d["decks"]["1"] = []
    d["taverns"][0] = d["taverns"][1] = []
    s = state_from_dict(d)
    s, ev = to_age2(s)
    keys = [e.key for e in ev]
    assert keys.index("gem.swap") < keys.index("dist.crown-jeweler")
    assert s.players[0].gem == 6
    assert s.gems_out == [3]
    assert s.players[1].gem == 5


def test_r_age_1_end_of_age_one_order_ylud_evaluation_age_two() -> None:
    events: list[nidlib.Event] = []
    s = Scenario(3, NAMES3, seed=1).command_zone(1, ["Ylud"]).at_end_of_age().build(events)
    assert nidlib.decision(s).kind == "ylud"
    s, ev = play(s, "p1:ylud:miner")
    s, more = to_age2(s)
    rules = [e.rule for e in ev + more]
    assert rules.index("R-HERO-YLUD-2") < rules.index("R-EVAL-3") < rules.index("R-FLOW-1")
    assert all(len(p.hand) == 5 and p.slots == [None] * 5 for p in s.players)


def test_r_age_2_and_r_end_1_ylud_then_thrud_then_final_scores() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1, age=2)
        .command_zone(0, ["Ylud"])
        .army(1, warrior=[3, "Thrud"])
        .at_end_of_age()
        .build(events)
    )
    assert nidlib.decision(s).kind == "ylud"
    assert not by_rule(events, "R-HERO-THRUD-5")
    s, ev = play(s, "p0:ylud:warrior")
    assert s.is_over
    assert nidlib.decision(s) is None
    rules = [e.rule for e in ev]
    assert rules.index("R-HERO-YLUD-2") < rules.index("R-HERO-THRUD-5") < rules.index("R-SCORE-1")
    assert rules[-1] == "R-SCORE-10"
    totals = [e for e in ev if e.key == "final.total"]
    assert [e.params["total"] for e in totals] == [p.total for p in nidlib.final_scores(s).players]
    assert_illegal(s, nidlib.Pick(0, "1W3"), "R-END-1")


def test_ec_42_ylud_from_age_one_placed_before_evaluation_and_may_recruit() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3, 4], hunter=[0, 0], miner=[0, 1], blacksmith=[0, 0], explorer=[5])
        .army(1, explorer=[6])
        .at_end_of_age()
        .build()
    )
    assert ranks(s.players[0], E) == 1
    assert lines(s.players[0]) == 1
    s, ev = play(s, "p0:ylud:explorer")
    assert nidlib.decision(s).kind == "hero"
    assert not [e for e in ev if e.rule == "R-EVAL-3"]
    s, ev = play(s, "p0:hero:skaa")
    s, more = to_age2(s)
    assert evals(ev + more)["explorer"].key == "eval.win"
    assert evals(ev + more)["explorer"].params["name"] == "Ana"


def test_ec_44_ylud_at_the_end_of_age_two_recruits_thrud_who_then_goes_home() -> None:
    s = (
        Scenario(3, NAMES3, seed=1, age=2)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3, 4], hunter=[0, 0], miner=[0, 1], blacksmith=[0, 0], explorer=[5])
        .at_end_of_age()
        .build()
    )
    s, _ = play(s, "p0:ylud:explorer", "p0:hero:thrud", "p0:thrud:warrior")
    assert s.is_over
    assert "thrud" in s.players[0].command_zone
    assert s.players[0].thrud == -1
    assert nidlib.final_scores(s).players[0].points("heroes") == 13
    g = (
        Scenario(3, NAMES3, seed=1, age=2)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3, 4], hunter=[0, 0], miner=[0, 1], blacksmith=[0, 0], explorer=[5])
        .at_end_of_age()
        .build()
    )
    g, _ = play(g, "p0:ylud:explorer", "p0:hero:grid", "p0:transform:h4")  # 5b -> 12
    assert g.is_over
    assert nidlib.final_scores(g).players[0].points("coins") == 0 + 2 + 3 + 4 + 12


# --- final scores through built end-of-game positions (R-SCORE-*, EC-45..52) ----------------


def finished(sc: Scenario) -> Any:
    s = sc.at_end_of_age().build()
    s, _ = play_until(s, lambda x: x.is_over, choose=first)
    return nidlib.final_scores(s)


def end2(**kw: Any) -> Scenario:
    return Scenario(3, NAMES3, seed=1, age=2, **kw)


def test_ec_51_score_vector_one_is_212() -> None:
    t = finished(
        end2()
        .gems({0: 6, 1: 4, 2: 5})
        .army(
            0,
            warrior=[3, 6, 9, "Tarah"],
            hunter=[0, 0, 0, 0, "Aral"],
            miner=[0, 1, 2],
            blacksmith=[0, 0, 0, 0, 0],
            explorer=[5, 8, 11],
        )
        .command_zone(0, ["Skaa"])
        .hand(0, [0, 4, 9, 13, 20])
    )
    a = t.players[0]
    assert a.as_dict() == {
        "name": "Ana",
        "warrior": 32,
        "hunter": 36,
        "miner": 9,
        "blacksmith": 25,
        "explorer": 24,
        "warrior_bonus": 20,
        "heroes": 17,
        "coins": 46,
        "gem6": 3,
        "total": 212,
    }
    assert t.winners == ("Ana",)


def test_ec_52_score_vector_two_is_227() -> None:
    t = finished(
        end2()
        .gems({0: 4, 1: 5, 2: 3})
        .army(
            0,
            warrior=[4, 5, 7, 8],
            hunter=[0, 0, 0, 0],
            miner=[0, 1, 1, 2],
            blacksmith=[0, 0, 0, 0],
            explorer=[6, 9, 10, "Idunn"],
        )
        .command_zone(0, ["Dwerg Ymir", "Dwerg Aesir", "Astrid"])
        .hand(0, [0, 3, "5b", 11, 18])
        .army(1, warrior=[3, 6, 9, 6])
    )
    a = t.players[0]
    assert (a.points("warrior"), a.points("warrior_bonus"), a.points("hunter"), a.points("miner")) == (
        24,
        18,
        16,
        16,
    )
    assert (a.points("blacksmith"), a.points("explorer"), a.points("heroes"), a.points("coins")) == (
        18,
        40,
        58,
        37,
    )
    assert a.total == 227
    assert t.players[1].points("warrior_bonus") == 5  # tied for the majority: Bo adds his own highest coin


def test_ec_45_idunn_and_ylud_in_the_explorer_column() -> None:
    s = end2().army(0, explorer=[5, 8, "Idunn"]).command_zone(0, ["Ylud"]).at_end_of_age().build()
    s, _ = play(s, "p0:ylud:explorer")
    assert nidlib.final_scores(s).players[0].points("explorer") == 39


def test_ec_46_lokdur_and_zoral_miners() -> None:
    assert finished(end2().army(0, miner=[0, 1, 2, "Lokdur"])).players[0].points("miner") == 24
    assert finished(end2().army(0, miner=[0, 1, 2, "Lokdur", "Zoral"])).players[0].points("miner") == 49


def test_ec_47_nobody_has_a_warrior_no_bonus_by_default_option_gives_everyone() -> None:
    t = finished(end2())
    assert [p.points("warrior_bonus") for p in t.players] == [0, 0, 0]
    t = finished(end2(warrior_bonus_without_warriors=True))
    assert [p.points("warrior_bonus") for p in t.players] == [5, 5, 5]


def test_ec_48_warrior_majority_tie_each_adds_own_highest_coin() -> None:
    t = finished(
        end2().army(0, warrior=[3]).army(1, warrior=[4]).hand(0, [0, 2, 3, 4, 20]).hand(1, [0, 2, 3, 4, 11])
    )
    assert [p.points("warrior_bonus") for p in t.players] == [20, 11, 0]


def test_ec_49_and_r_score_9_highest_coin_counted_three_times() -> None:
    t = finished(end2().army(0, warrior=[3]).command_zone(0, ["Astrid"]).hand(0, [0, 2, 3, 4, 25]))
    a = t.players[0]
    assert (a.points("coins"), a.points("warrior_bonus"), a.points("heroes")) == (34, 25, 25)


def test_ec_50_and_r_score_10_tied_scores_share_the_victory() -> None:
    events: list[nidlib.Event] = []
    s = end2().at_end_of_age().build(events)
    t = nidlib.final_scores(s)
    assert t.winners == NAMES3
    (e,) = by_rule(events, "R-SCORE-10")
    assert e.key == "final.shared"
    assert "share the victory with 14 points" in e.text()


def test_r_score_1_final_bravery_value_is_the_sum_of_the_categories() -> None:
    s = nidlib.new_game(3, seed=31)
    s, ev = play_until(s, lambda x: x.is_over, seed=31)
    for ps in nidlib.final_scores(s).players:
        d = ps.as_dict()
        assert ps.total == sum(v for k, v in d.items() if k not in ("name", "total"))
    assert [e.params["total"] for e in ev if e.key == "final.total"] == [
        p.total for p in nidlib.final_scores(s).players
    ]


def test_r_score_2_warrior_sum_plus_majority_bonus() -> None:
    t = finished(end2().army(0, warrior=[3, 9]).army(1, warrior=[10 - 2]).hand(0, [0, 2, 3, 4, 13]))
    assert t.players[0].points("warrior") == 12
    assert t.players[0].points("warrior_bonus") == 13
    assert t.players[1].points("warrior_bonus") == 0


def test_r_score_3_hunters_squared() -> None:
    assert finished(end2().army(0, hunter=[0, 0, 0])).players[0].points("hunter") == 9


def test_r_score_4_miners_sum_times_ranks() -> None:
    assert finished(end2().army(0, miner=[1, 2, 2])).players[0].points("miner") == 15


def test_r_score_5_blacksmith_table() -> None:
    assert finished(end2().army(0, blacksmith=[0, 0, 0, 0, 0, 0])).players[0].points("blacksmith") == 33


def test_r_score_6_explorer_sum() -> None:
    assert finished(end2().army(0, explorer=[5, 11])).players[0].points("explorer") == 16


def test_r_score_7_neutral_heroes() -> None:
    t = finished(
        end2()
        .command_zone(0, ["Skaa", "Grid", "Uline", "Astrid", "Dwerg Ymir"])
        .army(0, warrior=["Thrud"])
        .hand(0, [0, 2, 3, 4, 10])
    )
    assert t.players[0].points("heroes") == 17 + 7 + 9 + 10 + 13 + 13


def test_r_score_8_every_coin_counts_wherever_it_is() -> None:
    t = finished(end2().hand(0, [0, 2, 3, 4, 24]).hand(1, ["3s", 2, 3, 4, "5b"]))
    assert [p.points("coins") for p in t.players] == [33, 17, 14]


def test_r_score_11_hunter_and_blacksmith_tables_at_large_counts() -> None:
    # 12 blacksmith ranks (8 dwarves, Aegur 2, Bonfur... ) built from both Age decks
    t = finished(end2().army(0, blacksmith=[0] * 10 + ["Aegur"], hunter=[0] * 10 + ["Aral"]))
    assert t.players[0].points("blacksmith") == 12 * 17 // 2 == 102
    assert t.players[0].points("hunter") == 144
