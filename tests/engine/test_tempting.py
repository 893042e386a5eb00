"""Tempting actions (nidlib.rules.tempting): the one home of the greyed moves of the action panel and the lab."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import nidlib
from nidlib.content import gallery
from nidlib.content.scenario import Scenario
from nidlib.core.cards import CARDS, CLASSES
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


# --- Thingvellir (RULES.md A.1): every tempting move is refused by the engine with its rule id -------

TV = ("thingvellir",)


def _tavern(
    *, fafnir: int | None = None, camp: tuple[str, ...] = ("Brisingamens", "merc6", "Hofud")
) -> Scenario:
    """Age II, 3 players, Ana first in tavern 0 (bid 4, gem 5), then Bo, then Cy; the Camp as given."""
    sc = (
        Scenario(3, names=("Ana", "Bo", "Cy"), seed=1, age=2, expansions=TV)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(2, taverns=[3, 2, 0], pouch=[4, 5])
        .camp(list(camp))
    )
    if fafnir is not None:
        sc = sc.command_zone(fafnir, ["Fafnir"])
    return sc.at_tavern(0)


def _until_players_turn(s: nidlib.State, player: int) -> nidlib.State:
    """The rest of the pick turn before ``player``'s (a Royal Offering's transformation...): first choices."""
    while nidlib.decision(s).players != (player,):  # type: ignore[union-attr]
        s, _ = nidlib.apply(s, nidlib.legal_actions(s)[0])
    return s


def _pairs(s: nidlib.State, *, wider: bool = False) -> list[tuple[str, str]]:
    return [(str(a), v.rule) for a, v in tempting_actions(s, wider=wider)]


def _refused(s: nidlib.State, pairs: list[tuple[str, str]]) -> None:
    """Each tempting move, applied, raises IllegalActionError citing its rule: if the engine accepted
    one (or refused it for another reason), this fails."""
    assert pairs
    for text, rule in pairs:
        with pytest.raises(nidlib.IllegalActionError) as e:
            nidlib.apply(s, nidlib.parse(text))
        assert e.value.violation.rule == rule, text


def test_x_th_4_a_camp_visit_by_a_player_who_is_not_first_and_has_no_fafnir_is_tempting_in_the_lab() -> None:
    s = _tavern().build()
    assert s.order == [0, 1, 2]
    s, _ = nidlib.apply(s, nidlib.parse(f"p0:pick:{s.taverns[0][0]}"))  # Ana takes a tavern card
    s = _until_players_turn(s, 1)
    assert nidlib.decision(s).players == (1,)  # type: ignore[union-attr]
    assert _pairs(s) == []  # the panel greys no Camp card Bo may not reach
    got = [p for p in _pairs(s, wider=True) if p[1].startswith("X-TH")]
    assert got == [("p1:pick:brisingamens", "X-TH-4")]
    assert nidlib.check(s, nidlib.parse("p1:pick:brisingamens")).key == "err.camp-not-first"  # type: ignore[union-attr]
    _refused(s, got)


def test_x_th_4_a_second_camp_visit_in_the_same_tavern_is_refused_even_with_fafnir() -> None:
    s = _tavern(fafnir=1).build()
    before = dict(_pairs(s, wider=True))
    # before any visit Bo (Fafnir, X-TH-ART-FAFNIR-1) may visit: nothing of the Camp is tempting for him yet
    assert "p1:pick:merc6" not in before
    s, _ = nidlib.apply(s, nidlib.parse("p0:pick:merc6"))  # Ana visits the Camp
    s = _until_players_turn(s, 1)
    assert nidlib.decision(s).players == (1,)  # type: ignore[union-attr]
    got = [p for p in _pairs(s, wider=True) if p[1].startswith("X-TH")]
    assert got == [("p1:pick:brisingamens", "X-TH-4")]
    assert nidlib.check(s, nidlib.parse("p1:pick:hofud")).key == "err.camp-visited"  # type: ignore[union-attr]
    _refused(s, got)


def test_x_th_art_brisingamens_2_the_panel_greys_brisingamens_with_a_short_discard_pile() -> None:
    s = _tavern().build()
    assert _pairs(s) == [("p0:pick:brisingamens", "X-TH-ART-BRISINGAMENS-2")]
    _refused(s, _pairs(s))
    # one takeable card is still too few; two make it legal, and then it is no longer tempting
    one = _tavern().discard(["W9"]).build()
    assert _pairs(one) == [("p0:pick:brisingamens", "X-TH-ART-BRISINGAMENS-2")]
    two = _tavern().discard(["W9", "RO3"]).build()
    assert _pairs(two) == []
    assert nidlib.parse("p0:pick:brisingamens") in nidlib.legal_actions(two)


def test_x_th_hero_andumia_1_brisingamens_second_take_is_not_the_royal_offering_taken_first() -> None:
    s = _tavern().discard(["W9", "RO3"]).build()
    s, _ = nidlib.apply(s, nidlib.parse("p0:pick:brisingamens"))
    assert nidlib.decision(s).kind == "take"  # type: ignore[union-attr]
    assert _pairs(s) == []  # both cards may be taken
    offering = next(c for c in s.discard if "RO" in c)
    s, _ = nidlib.apply(s, nidlib.parse(f"p0:take:{offering}"))
    while nidlib.decision(s).kind == "transform":  # type: ignore[union-attr]  # the offering's +3 (R-XFORM-6)
        s, _ = nidlib.apply(s, nidlib.legal_actions(s)[0])
    assert nidlib.decision(s).kind == "take"  # type: ignore[union-attr]
    assert offering in s.discard  # the Royal Offering went back to the discard pile (X-TH-ART-BRISINGAMENS-1)
    assert _pairs(s) == [(f"p0:take:{offering}", "X-TH-HERO-ANDUMIA-1")]
    _refused(s, _pairs(s))


def test_x_th_merc_1_enlisting_a_mercenary_in_a_class_it_does_not_have_is_tempting_in_the_lab() -> None:
    s = Scenario(3, seed=1, expansions=TV).command_zone(0, ["merc5"]).at_end_of_age().build()
    assert nidlib.decision(s).kind == "enlist"  # type: ignore[union-attr]
    assert _pairs(s) == []  # the panel shows the Mercenary's two classes only
    classes = {str(c) for c, _bp in CARDS["merc5"].options}
    got = [p for p in _pairs(s, wider=True) if p[0].startswith("p0:")]
    assert got == [(f"p0:enlist:merc5/{c}", "X-TH-MERC-1") for c in CLASSES if c not in classes]
    assert len(got) == 3
    _refused(s, got)


def _olwyn_owed() -> nidlib.State:
    """Ana completes a line with the Warrior 3 and recruits Olwyn: she places his doubles."""
    s = (
        Scenario(3, names=("Ana", "Bo", "Cy"), seed=1, expansions=TV)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(2, taverns=[3, 2, 0], pouch=[4, 5])
        .army(0, hunter=["H"], miner=[1], blacksmith=["B"], explorer=[5])
        .taverns([["W3", "H", "M1"], ["B", "E7", "M0"], ["W4", "H", "E6"]])
        .at_tavern(0)
        .build()
    )
    warrior = next(c for c in s.taverns[0] if c.endswith("W3"))
    s, _ = nidlib.apply(s, nidlib.parse(f"p0:pick:{warrior}"))
    s, _ = nidlib.apply(s, nidlib.parse("p0:hero:olwyn"))
    assert nidlib.decision(s).kind == "olwyn"  # type: ignore[union-attr]
    return s


def test_x_th_hero_olwyn_1_both_doubles_in_one_column_are_tempting_in_the_lab() -> None:
    s = _olwyn_owed()
    assert _pairs(s) == []
    got = [p for p in _pairs(s, wider=True) if p[0].startswith("p0:")]
    assert got == [(f"p0:doubles:{c},{c}", "X-TH-HERO-OLWYN-1") for c in CLASSES]
    _refused(s, got)


def test_x_th_art_hofud_1_a_hero_of_the_warrior_column_is_greyed_for_hofuds_discard() -> None:
    s = _tavern(camp=("Hofud", "merc6")).army(1, warrior=[9, "Kraal"]).build()
    s, _ = nidlib.apply(s, nidlib.parse("p0:pick:hofud"))  # every other player discards a warrior
    d = nidlib.decision(s)
    assert d is not None
    assert d.kind == "card_discard"
    assert d.players[0] == 1
    got = _pairs(s)
    assert got == [("p1:discard-card:kraal", "X-TH-ART-HOFUD-1")]
    _refused(s, got)


def test_x_th_6_a_card_of_another_tavern_is_tempting_after_a_two_player_camp_visit() -> None:
    s = (
        Scenario(2, names=("Ana", "Bo"), seed=1, expansions=TV)
        .gems({0: 2, 1: 1})
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[3, 2, 0], pouch=[4, 5])
        .camp(["merc0", "Vidofnir"])
        .at_tavern(0)
        .build()
    )
    s, _ = nidlib.apply(s, nidlib.parse("p0:pick:merc0"))  # a Mercenary: no effect to resolve first
    assert nidlib.decision(s).kind == "tavern_discard"  # type: ignore[union-attr]
    got = [p for p in _pairs(s, wider=True) if p[0].startswith("p0:")]
    assert got == [(f"p0:tavern-discard:{row[0]}", "X-TH-6") for row in s.taverns[1:]]
    _refused(s, got)


def test_thingvellir_tempting_actions_are_illegal_and_refused_by_check_in_played_games() -> None:
    rng = random.Random(7)
    rules: set[str] = set()
    for seed in range(4):
        s = nidlib.new_game(2 + seed % 3, seed=seed, expansions=TV)
        while not s.is_over:
            legal = nidlib.legal_actions(s)
            for a, v in tempting_actions(s, wider=True):
                assert well_formed(a)
                assert a not in legal
                assert nidlib.check(s, a) == v
                rules.add(v.rule)
            nidlib.advance(s, rng.choice(legal))
    assert {"X-TH-4", "X-TH-MERC-1"} <= rules
