"""Thingvellir rules, one test per rule or edge case of RULES.md A.1 and A.4.1-A.4.3 (X-TH-*, EC-X*).

Positions are reached by playing a seeded Thingvellir game with chosen actions, then (where a test
needs a card somewhere else) by moving cards the way the rules could have: every position keeps the
conservation checks of the loader (``read_state``), which the tests assert too.
"""

from __future__ import annotations

import pytest
from enginekit import assert_illegal, by_rule, play

import nidlib
from nidlib import State
from nidlib.core.cards import CAMP_DECKS
from nidlib.core.coins import Coin, CoinKind
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.core.tasks import (
    BidsDue,
    CampRefill,
    CardDiscardDue,
    EnlistDue,
    Enlistment,
    EnlistOrderDue,
    HeroDue,
    HoldaDue,
    MjollnirDue,
    OlwynDue,
    PickDue,
    RecruitCheck,
    TakeDue,
    TavernDiscardDue,
    TransformDue,
    VidofnirDue,
)
from nidlib.rules.engine import _run

TV = ("thingvellir",)


def tv(players: int = 3, seed: int = 5) -> State:
    return nidlib.new_game(players, seed=seed, expansions=TV)


def _move_camp(s: State, cid: str) -> None:
    """Put Camp card ``cid`` on the Camp (from its deck), replacing the last Camp card (back on its deck)."""
    camp = s.camp
    assert camp is not None
    if cid in camp.cards:
        return
    for age in (1, 2):
        if cid in camp.decks[age]:
            camp.decks[age].remove(cid)
            out = camp.cards.pop()
            camp.decks[1 if out in CAMP_DECKS[1] else 2].append(out)
            camp.cards.append(cid)
            return
    raise AssertionError(f"{cid} is neither in the Camp nor in a Camp deck")


def _give(s: State, i: int, cid: str) -> None:
    """Player ``i`` owns Camp card ``cid`` in their command zone (as after taking it)."""
    camp = s.camp
    assert camp is not None
    for pile in (camp.cards, camp.decks[1], camp.decks[2]):
        if cid in pile:
            pile.remove(cid)
            s.players[i].command_zone.append(cid)
            return
    raise AssertionError(cid)


def _take_out(s: State, *cids: str) -> list[str]:
    """Take cards out of the Age decks and taverns (to put them where a position needs them)."""
    for cid in cids:
        for pile in (s.decks[1], s.decks[2], *s.taverns):
            if cid in pile:
                pile.remove(cid)
                break
        else:
            raise AssertionError(f"{cid} is in no deck or tavern")
    return list(cids)


def _valid(s: State) -> State:
    assert read_state(state_to_dict(s)) == s
    return s


def bids(s: State, *texts: str) -> State:
    """Everybody bids: ``"5b,0,2/3,4"`` per seat (Goblin, Dragon, Horse / pouch)."""
    return play(s, *[f"p{i}:bid:{t}" for i, t in enumerate(texts)])[0]


# --- set-up and the Camp -------------------------------------------------------------------------


def test_x_th_2_setup_adds_the_camp_its_decks_and_six_heroes() -> None:
    s = tv()
    assert s.camp is not None
    assert len(s.camp.cards) == 5  # X-TH-3: the Camp is filled at Enter the Dwarves
    assert all(c in CAMP_DECKS[1] for c in s.camp.cards)
    assert len(s.camp.decks[1]) == 7
    assert sorted(s.camp.decks[2]) == sorted(CAMP_DECKS[2])
    assert len(s.heroes_available) == 27  # X-TH-1
    doc = state_to_dict(s)
    assert doc["options"]["expansions"] == ["thingvellir"]
    assert "camp" in doc
    base = state_to_dict(nidlib.new_game(3, seed=5))
    assert "camp" not in base
    assert "expansions" not in base["options"]
    assert tv(seed=9).camp != s.camp  # the seed decides the Camp decks


def test_x_th_1_a_document_with_a_camp_but_no_expansion_is_refused() -> None:
    doc = state_to_dict(tv())
    del doc["options"]["expansions"]
    with pytest.raises(nidlib.DocumentError, match=r"X-TH-1"):
        nidlib.state_from_dict(doc)
    doc = state_to_dict(nidlib.new_game(3, seed=5))
    doc["options"]["expansions"] = ["thingvellir", "idavol"]
    with pytest.raises(nidlib.DocumentError, match=r"options\.expansions"):
        nidlib.state_from_dict(doc)


def test_x_th_3_the_camp_is_refilled_each_round_not_during_it() -> None:
    s = bids(tv(), "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")
    visit = s.camp.cards[0] if s.camp else ""
    s, _events = play(s, f"p0:pick:{visit}")
    assert s.camp is not None
    assert len(s.camp.cards) == 4
    while not isinstance(s.tasks[-1], BidsDue):
        s, _ = play(s, nidlib.legal_actions(s)[0])
    assert len(s.camp.cards) == 5  # the next Enter the Dwarves refills it (X-TH-3)


def test_x_th_4_only_the_first_player_of_a_tavern_may_visit_the_camp() -> None:
    s = bids(tv(), "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")
    assert s.order == [0, 1, 2]
    camp = list(s.camp.cards) if s.camp else []
    legal = {str(a) for a in nidlib.legal_actions(s)}
    assert {f"p0:pick:{c}" for c in camp} <= legal
    s, _ = play(s, s.order and f"p0:pick:{s.taverns[0][0]}")
    assert_illegal(s, f"p1:pick:{camp[0]}", "X-TH-4")  # Bo is not first, and owns no Fafnir
    assert not any(getattr(a, "card", "") in camp for a in nidlib.legal_actions(s))


def test_ec_x01_four_players_the_leftover_tavern_card_is_discarded() -> None:
    s = bids(tv(4), "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2", "2,3,4/0,5b")
    goblin = list(s.taverns[0])
    assert len(goblin) == 4
    s, events = play(s, f"p0:pick:{s.camp.cards[0] if s.camp else ''}")
    for i in (1, 2, 3):
        while not (isinstance(s.tasks[-1], PickDue) and s.tasks[-1].player == i):
            s, _ = play(s, nidlib.legal_actions(s)[0])
        s, ev = play(s, f"p{i}:pick:{s.taverns[0][0]}")
        events += ev
    while s.tavern == 0:
        s, ev = play(s, nidlib.legal_actions(s)[0])
        events += ev
    left = [e for e in events if e.key == "tavern.discard"]
    assert len(left) == 1
    assert left[0].rule == "X-TH-5"
    assert left[0].params["card"].removeprefix("@card.") in s.discard


def test_ec_x02_two_players_the_camp_visitor_discards_a_tavern_card_after_the_trade() -> None:
    s = bids(tv(2), "0,5b,2/3,4", "4,2,0/3,5b")  # Ana bids her 0 at the Goblin: Bo is first there
    assert s.order == [1, 0]
    s = bids(tv(2), "5b,0,2/3,4", "4,2,0/3,5b")
    assert s.order == [0, 1]
    camp = s.camp.cards[0] if s.camp else ""
    s, _ = play(s, f"p0:pick:{camp}")
    while not isinstance(s.tasks[-1], TavernDiscardDue):
        s, _ = play(s, nidlib.legal_actions(s)[0])
    assert len(s.taverns[0]) == 3
    card = s.taverns[0][1]
    s, ev = play(s, f"p0:tavern-discard:{card}")
    assert card in s.discard
    assert by_rule(ev, "X-TH-6")
    assert isinstance(s.tasks[-1], PickDue)
    assert s.tasks[-1].player == 1
    assert len(s.taverns[0]) == 2
    s, _ = play(s, f"p1:pick:{s.taverns[0][0]}")
    assert s.tavern == 1 or not s.taverns[0]  # the last card went to the discard pile (R-PICK-3)


def test_ec_x03_ec_x04_fafnir_visits_only_if_nobody_did_in_this_tavern() -> None:
    s = tv(3)
    _give(s, 2, "fafnir-baleygr")
    s = bids(_valid(s), "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")
    camp = list(s.camp.cards) if s.camp else []
    s1, _ = play(s, f"p0:pick:{camp[0]}")  # Ana visits: nobody else may (Cy included)
    while not isinstance(s1.tasks[-1], PickDue) or s1.tasks[-1].player != 2:
        s1, _ = play(s1, nidlib.legal_actions(s1)[0])
    assert_illegal(s1, f"p2:pick:{camp[1]}", "X-TH-4")
    s2, _ = play(s, f"p0:pick:{s.taverns[0][0]}")  # Ana takes a tavern card: Bo may not, Cy may
    while not isinstance(s2.tasks[-1], PickDue) or s2.tasks[-1].player != 1:
        s2, _ = play(s2, nidlib.legal_actions(s2)[0])
    assert_illegal(s2, f"p1:pick:{camp[1]}", "X-TH-4")
    s2, _ = play(s2, f"p1:pick:{s2.taverns[0][0]}")
    while not isinstance(s2.tasks[-1], PickDue) or s2.tasks[-1].player != 2:
        s2, _ = play(s2, nidlib.legal_actions(s2)[0])
    s2, ev = play(s2, f"p2:pick:{camp[1]}")
    assert by_rule(ev, "X-TH-ART-FAFNIR-1")


# --- enlistment -------------------------------------------------------------------------------


def _at_enlistment(players: int, mercs: dict[int, list[str]], gems: dict[int, int]) -> State:
    s = tv(players)
    for i, ms in mercs.items():
        for m in ms:
            _give(s, i, m)
    for i, g in gems.items():
        s.players[i].gem = g
    s.tasks = nidlib.rules.engine.end_steps(1, thingvellir=True)
    s.round, s.decks[1] = 3, []
    for t in range(3):
        s.discard += s.taverns[t]
        s.taverns[t] = []
    _run(s, None)
    return s


def test_ec_x07_enlistment_order_most_mercenaries_first_ties_by_gem_then_first_or_last() -> None:
    s = _at_enlistment(
        4, {0: ["merc0", "merc1"], 1: ["merc2", "merc3"], 2: ["merc4"]}, {0: 3, 1: 5, 2: 4, 3: 2}
    )
    assert s.tasks[-1] == EnlistOrderDue(1)  # B (2 mercenaries, gem 5) chooses
    first, _ = play(s, "p1:enlist-order:first")
    assert [t.player for t in reversed(first.tasks) if isinstance(t, EnlistDue)] == [1, 1, 0, 0, 2]
    last, ev = play(s, "p1:enlist-order:last")
    assert [t.player for t in reversed(last.tasks) if isinstance(t, EnlistDue)] == [0, 0, 2, 1, 1]
    assert by_rule(ev, "X-TH-9")


def test_x_th_merc_1_a_mercenary_enlists_into_one_of_its_two_classes_with_its_bravery() -> None:
    s = _at_enlistment(3, {0: ["merc5"]}, {})
    assert s.tasks[-1] == EnlistDue(0)
    assert {str(a) for a in nidlib.legal_actions(s)} == {
        "p0:enlist:merc5/warrior",
        "p0:enlist:merc5/explorer",
    }
    assert_illegal(s, "p0:enlist:merc5/miner", "X-TH-MERC-1")
    s, ev = play(s, "p0:enlist:merc5/explorer")
    assert s.players[0].columns[4][-1] == "merc5"
    assert "merc5" not in s.players[0].command_zone
    assert by_rule(ev, "X-TH-MERC-1")
    table = nidlib.final_scores(s)
    assert table.player("Ana").points("explorer") == 11  # M5 as an explorer: 11 bravery points (X-TH-10)


# --- artifacts --------------------------------------------------------------------------------


def _first_visits(s: State, cid: str) -> tuple[State, list[nidlib.Event]]:
    """Ana (first at the Goblin) takes Camp card ``cid``."""
    _move_camp(s, cid)
    s = bids(_valid(s), "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")
    return play(s, f"p0:pick:{cid}")


def test_ec_x12_megingjord_no_hero_from_lines() -> None:
    s = tv()
    _give(s, 0, "megingjord")
    p = s.players[0]
    p.columns = [[c] for c in _take_out(s, "1W3", "1H1", "1M0", "1B1", "1E5")]
    s.tasks.append(RecruitCheck(0))
    _run(s, None)
    assert not isinstance(s.tasks[-1], HeroDue)  # X-TH-ART-MEGINGJORD-2
    s.players[0].command_zone.remove("megingjord")
    s.camp.cards.append("megingjord") if s.camp else None
    s.tasks.append(RecruitCheck(0))
    _run(s, None)
    assert s.tasks[-1] == HeroDue(0)


def test_ec_x15_vidofnir_plus_five_beside_the_trading_coin_else_a_choice() -> None:
    s = tv()
    _move_camp(s, "vidofnir-vedrfolnir")
    s = bids(s, "5b,2,3/0,4", "4,2,0/3,5b", "3,4,5b/0,2")  # Ana's pouch: 0 and 4
    s, _ev = play(s, "p0:pick:vidofnir-vedrfolnir")
    assert s.players[0].slots[3:] == [Coin(0, CoinKind.BASIC), Coin(9, CoinKind.ROYAL)]  # 4 + 5
    s = tv()
    _move_camp(s, "vidofnir-vedrfolnir")
    s = bids(s, "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")  # pouch 3 and 4
    s, _ = play(s, "p0:pick:vidofnir-vedrfolnir")
    assert s.tasks[-1] == VidofnirDue(0)
    assert {str(a) for a in nidlib.legal_actions(s)} == {
        "p0:vidofnir:p0+2,p1",
        "p0:vidofnir:p0+3,p1",
        "p0:vidofnir:p1+2,p0",
        "p0:vidofnir:p1+3,p0",
    }
    s, _ = play(s, "p0:vidofnir:p0+2,p1")  # 3 -> 5, 4 -> 7
    assert [c.value for c in s.players[0].slots[3:]] == [5, 7]


def test_ec_x17_jarnglofi_discards_the_trading_coin_no_bid_on_a_later_tavern() -> None:
    s = tv()
    s.decks[1], s.camp.decks[2] = s.decks[1], s.camp.decks[2]
    _give_at = "jarnglofi"
    # Jarnglofi is an Age II card: put it on the Age I Camp for this position (a scenario, not a game)
    assert s.camp is not None
    s.camp.decks[2].remove(_give_at)
    out = s.camp.cards.pop()
    s.camp.decks[1].append(out)
    s.camp.cards.append(_give_at)
    s = bids(s, "5b,2,0/3,4", "4,0,2/3,5b", "3,4,5b/0,2")  # Ana's 0 on the Horse
    s, ev = play(s, "p0:pick:jarnglofi")
    p = s.players[0]
    assert len(p.coins()) == 4
    assert "0" in s.out_of_game
    assert p.slots[2] is None
    assert p.revealed[2]
    assert by_rule(ev, "X-TH-ART-JARNGLOFI-2")
    while s.tavern != 2 or not isinstance(s.tasks[-1], PickDue):
        s, _ = play(s, nidlib.legal_actions(s)[0])
    assert 0 not in s.order
    assert s.bid_values[0] is None
    while not isinstance(s.tasks[-1], BidsDue):
        s, _ = play(s, nidlib.legal_actions(s)[0])
    four = list(nidlib.legal_actions(s, 0))
    assert four
    assert all(len(a.pouch) == 1 for a in four)


def test_ec_x20_hofud_every_other_player_discards_a_warrior_never_a_hero() -> None:
    s = tv()
    s.players[1].columns[0] = ["kraal"]
    s.players[1].heroes.append("kraal")
    s.heroes_available.remove("kraal")
    s.players[2].columns[0] = _take_out(s, "1W4", "1W6")
    assert s.camp is not None
    s.camp.decks[2].remove("hofud")
    s.camp.decks[1].append(s.camp.cards.pop())
    s.camp.cards.append("hofud")
    s = bids(_valid(s), "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")
    s, ev = play(s, "p0:pick:hofud")
    assert by_rule(ev, "X-TH-ART-HOFUD-2")  # Bo: only Kraal, a hero: nothing to discard
    assert s.tasks[-1] == CardDiscardDue(2, "hofud")
    assert {str(a) for a in nidlib.legal_actions(s)} == {"p2:discard-card:1W4", "p2:discard-card:1W6"}
    s, _ = play(s, "p2:discard-card:1W4")  # any position in the column
    assert s.players[2].columns[0] == ["1W6"]
    assert "1W4" in s.discard


def test_ec_x21_brisingamens_takes_two_cards_of_the_discard_pile() -> None:
    s = tv()
    assert s.camp is not None
    s.camp.decks[2].remove("brisingamens")
    s.camp.decks[1].append(s.camp.cards.pop())
    s.camp.cards.append("brisingamens")
    s = bids(s, "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")
    assert_illegal(s, "p0:pick:brisingamens", "X-TH-ART-BRISINGAMENS-2")  # the discard pile is empty
    w = next(c for c in s.decks[1] if c.startswith("1W"))
    s.discard += _take_out(s, "1RO3", w)
    _valid(s)
    s, _ = play(s, "p0:pick:brisingamens")
    assert s.tasks[-1] == TakeDue(0, "brisingamens")
    s, _ev = play(s, "p0:take:1RO3")
    assert isinstance(s.tasks[-1], TransformDue)
    assert "1RO3" in s.discard
    s, _ = play(s, nidlib.legal_actions(s)[0])
    assert s.tasks[-1] == TakeDue(0, "brisingamens", "1RO3")
    assert [str(a) for a in nidlib.legal_actions(s)] == [f"p0:take:{w}"]  # not the same offering twice
    s, _ = play(s, f"p0:take:{w}")
    assert w in s.players[0].columns[0]
    assert w not in s.discard


def test_ec_x23_mjollnir_scores_two_per_rank_of_the_chosen_class() -> None:
    s = tv()
    _give(s, 0, "mjollnir")
    s.players[0].columns[1] = _take_out(s, *[c for c in s.decks[1] if c.startswith("1H")][:3])
    table = nidlib.final_scores(_valid(s))
    assert table.player("Ana").points("artifacts") == 6  # the best class before the choice (D-X22)
    assert s.camp is not None
    s.camp.mjollnir[0] = 0
    assert nidlib.final_scores(s).player("Ana").points("artifacts") == 0
    s.tasks = [MjollnirDue(0)]
    s2, ev = play(s, "p0:mjollnir:hunter")
    assert s2.camp is not None
    assert s2.camp.mjollnir[0] == 1
    assert by_rule(ev, "X-TH-ART-MJOLLNIR-1")


def test_ec_x24_vegvisir_is_an_explorer_rank_but_no_dwarf_card_for_dagda() -> None:
    s = tv()
    s, ev = _first_visits(s, "vegvisir")
    p = s.players[0]
    assert p.columns[4] == ["vegvisir"]
    assert by_rule(ev, "X-TH-ART-VEGVISIR-1")
    assert nidlib.final_scores(s).player("Ana").points("explorer") == 13
    from nidlib.rules.base import discardable_columns

    assert 4 not in discardable_columns(p, 1)  # X-TH-ART-VEGVISIR-3 (ENGINE CHOICE, D-X11)


def test_ec_x25_svalinn_counts_hero_cards_not_olwyns_doubles() -> None:
    s = tv()
    _give(s, 0, "svalinn")
    p = s.players[0]
    for h in ("kraal", "holda", "olwyn", "thrud"):
        s.heroes_available.remove(h)
        p.heroes.append(h)
    p.columns[0] = ["kraal", "olwyn-double-1"]
    p.columns[2] = ["olwyn-double-2"]
    p.command_zone += ["holda", "olwyn", "thrud"]
    line = nidlib.final_scores(_valid(s)).player("Ana").line("artifacts")
    assert line.points == 20  # Kraal, Holda, Olwyn, Thrud: 4 heroes x 5 (X-TH-ART-SVALINN-1)


# --- heroes -----------------------------------------------------------------------------------


def test_ec_x26_jarika_adds_two_and_zolkur_discards_the_lower_coin() -> None:
    s = tv()
    p = s.players[0]
    for h in ("jarika", "zolkur"):
        s.heroes_available.remove(h)
        p.heroes.append(h)
        p.command_zone.append(h)
    assert s.camp is not None
    s.camp.zolkur[0] = True
    s = bids(_valid(s), "0,5b,2/3,4", "4,2,0/3,5b", "3,4,5b/2,0")  # Ana: 0 on the Goblin, pouch 3 and 4
    while not (isinstance(s.tasks[-1], PickDue) and s.tasks[-1].player == 0):
        s, _ = play(s, nidlib.legal_actions(s)[0])
    s, ev = play(s, f"p0:pick:{s.taverns[0][0]}")
    while (
        s.tavern == 0
        and any(isinstance(t, PickDue) for t in s.tasks[-3:]) is False
        and s.tasks
        and not isinstance(s.tasks[-1], PickDue)
    ):
        s, more = play(s, nidlib.legal_actions(s)[0])
        ev += more
    slots = s.players[0].slots
    assert by_rule(ev, "X-TH-HERO-ZOLKUR-1")
    assert sorted(c.value for c in slots[3:] if c) == [4, 9]  # the 3 (lower) went; 3 + 4 + 2 = 9
    assert s.camp is not None
    assert not s.camp.zolkur[0]


def test_ec_x28_khrad_transforms_the_lowest_coin_never_a_trading_coin() -> None:
    s = tv()
    p = s.players[0]
    p.hand = sorted(
        [
            Coin(0, CoinKind.BASIC),
            Coin(2, CoinKind.BASIC),
            Coin(3, CoinKind.BASIC),
            Coin(4, CoinKind.BASIC),
            Coin(5, CoinKind.BASIC),
        ]
    )
    s.heroes_available.remove("khrad")
    p.heroes.append("khrad")
    p.command_zone.append("khrad")
    s.tasks.append(TransformDue(0, 10, "khrad"))
    assert [str(a) for a in nidlib.legal_actions(s)] == ["p0:transform:h1"]  # the 2, not the 0
    assert_illegal(s, "p0:transform:h2", "X-TH-HERO-KHRAD-1")
    s2, _ = play(s, "p0:transform:h1")
    assert 12 in [c.value for c in s2.players[0].hand]


def test_ec_x32_olwyns_doubles_go_to_two_different_columns() -> None:
    s = tv()
    s.tasks.append(OlwynDue(0))
    s.heroes_available.remove("olwyn")
    s.players[0].heroes.append("olwyn")
    s.players[0].command_zone.append("olwyn")
    assert len(nidlib.legal_actions(s)) == 10
    assert_illegal(s, "p0:doubles:miner,miner", "X-TH-HERO-OLWYN-1")
    s, _ev = play(s, "p0:doubles:miner,hunter")
    assert s.players[0].columns[2] == ["olwyn-double-1"]
    assert s.players[0].columns[1] == ["olwyn-double-2"]
    assert _valid(s)


def test_ec_x34_ec_x35_andumia_needs_a_discarded_card_and_an_offering_returns() -> None:
    s = tv()
    s.tasks.append(HeroDue(0))
    s.players[0].columns = [[c] for c in _take_out(s, "1W3", "1H1", "1M0", "1B1", "1E5")]
    assert "p0:hero:andumia" not in {str(a) for a in nidlib.legal_actions(s)}
    assert_illegal(s, "p0:hero:andumia", "X-TH-HERO-ANDUMIA-2")
    ro = next(c for c in (*s.decks[1], *s.taverns[0], *s.taverns[1], *s.taverns[2]) if "RO" in c)
    s.discard += _take_out(s, ro)
    s, _ = play(_valid(s), "p0:hero:andumia")
    assert s.tasks[-1] == TakeDue(0, "andumia")
    s, _ = play(s, f"p0:take:{ro}")
    assert isinstance(s.tasks[-1], TransformDue)
    assert ro in s.discard


def test_ec_x36_holda_takes_a_camp_card_a_mercenary_waits_for_enlistment() -> None:
    s = tv()
    assert s.camp is not None
    merc = next(c for c in s.camp.cards if c.startswith("merc"))
    s.tasks.append(HoldaDue(0))
    s.heroes_available.remove("holda")
    s.players[0].heroes.append("holda")
    s.players[0].command_zone.append("holda")
    s, ev = play(s, f"p0:camp:{merc}")
    assert merc in s.players[0].command_zone
    assert by_rule(ev, "X-TH-HERO-HOLDA-1")
    assert not s.camp.visited  # X-TH-CAMP-3: not a visit


def test_x_th_enl_3_a_mercenary_gained_during_the_enlistment_step_is_enlisted_at_once() -> None:
    s = _at_enlistment(3, {0: ["merc1"]}, {})
    assert s.camp is not None
    assert s.camp.enlisting
    assert s.tasks[-1] == EnlistDue(0)
    merc = next(c for c in s.camp.cards if c.startswith("merc"))
    s.heroes_available.remove("holda")
    s.players[1].heroes.append("holda")
    s.players[1].command_zone.append("holda")
    s.tasks.append(HoldaDue(1))
    s, _ = play(s, f"p1:camp:{merc}")
    assert s.tasks[-1] == EnlistDue(1)


def test_x_th_seq_3_end_steps_enlistment_before_ylud_and_the_camp_cleared_for_age_two() -> None:
    steps = [t.KIND for t in reversed(nidlib.rules.engine.end_steps(1, thingvellir=True))]
    assert steps[:2] == ["enlistment", "ylud_step"]
    assert steps.index("camp_clear") == steps.index("age_start") - 1
    s = _at_enlistment(3, {}, {})
    while s.age == 1:
        s, _ = play(s, nidlib.legal_actions(s)[0])
    assert s.camp is not None
    assert all(c in CAMP_DECKS[2] for c in s.camp.cards)
    assert len(s.camp.discard) == 12  # the Age I Camp and the rest of its deck (X-TH-CAMP-1)
    assert Enlistment(2) in s.tasks


def test_x_th_1_the_scenario_builds_thingvellir_positions() -> None:
    from nidlib.content.scenario import Scenario, ScenarioError

    s = (
        Scenario(3, seed=1, expansions=TV)
        .army(0, warrior=[4, "merc5"], explorer=["Vegvisir", 7])
        .command_zone(0, ["Fafnir", "merc3", "Olwyn"])
        .place(0, "Olwyn's double", "miner")
        .command_zone(1, ["Jarnglofi"])
        .bids(0, taverns=[4, 0, 5], pouch=[2, 3])
        .bids(1, taverns=[4, 2, 3], pouch=["5b"])
        .bids(2, taverns=[2, 3, 4], pouch=[0, 5])
        .camp(["Vidofnir", "merc0", "Draupnir"])
        .at_tavern(0)
        .build()
    )
    assert s.order == [1, 0, 2]
    assert s.camp is not None
    assert s.camp.cards == ["vidofnir-vedrfolnir", "merc0", "draupnir"]
    assert "p1:pick:draupnir" in {str(a) for a in nidlib.legal_actions(s)}
    assert nidlib.from_json(nidlib.to_json(s)) == s
    assert nidlib.final_scores(s).player("Ana").points("explorer") == 13 + 7
    for bad, rule in (
        (lambda: Scenario(3).command_zone(0, ["Vegvisir"]), "X-TH-1"),
        (lambda: Scenario(3, expansions=TV).army(0, miner=["merc5"]), "X-TH-MERC-1"),
        (lambda: Scenario(3, expansions=TV).place(0, "Olwyn's double", "miner"), "X-TH-HERO-OLWYN-1"),
        (lambda: Scenario(3, expansions=TV).camp(["Jarnglofi"]), "X-TH-2"),
        (
            lambda: Scenario(3, expansions=TV).command_zone(1, ["Jarnglofi"]).hand(1, [0, 2, 3, 4, 5]),
            "X-TH-ART-JARNGLOFI-4",
        ),
    ):
        with pytest.raises(ScenarioError) as info:
            bad()
        assert info.value.rule == rule


def test_ec_x05_an_exhausted_camp_deck_is_not_refilled() -> None:
    s = tv()
    camp = s.camp
    assert camp is not None
    # the rest of the Age I Camp deck and three Camp cards went to players (here: their command zones)
    for k, cid in enumerate(camp.decks[1] + camp.cards[:3]):
        s.players[k % 3].command_zone.append(cid)
    camp.decks[1], camp.cards = [], camp.cards[3:]
    s.tasks = [t for t in s.tasks if not isinstance(t, BidsDue)]
    s.tasks.append(CampRefill())
    _run(s, None)  # Enter the Dwarves of the next round: nothing to refill from (X-TH-3)
    assert len(camp.cards) == 2
    s.players[0].command_zone += camp.cards
    camp.cards = []
    s.tasks.append(HeroDue(0))
    s, ev = play(s, "p0:hero:holda")  # X-TH-HERO-HOLDA-1: an empty Camp, no card and no decision
    assert by_rule(ev, "X-TH-HERO-HOLDA-1")
    assert not any(isinstance(t, HoldaDue) for t in s.tasks)


def test_x_th_hero_zolkur_1_a_scenario_with_zolkur_on_the_pouch() -> None:
    from nidlib.content.scenario import Scenario, ScenarioError

    sc = (
        Scenario(3, seed=2, expansions=TV)
        .gems({0: 3, 1: 4, 2: 5})
        .command_zone(0, ["Zolkur"])
        .zolkur_on_pouch(0)
        .bids(0, taverns=[0, 2, 3], pouch=[4, 6])
        .bids(1, taverns=[3, 0, 2], pouch=[4, "5b"])
        .bids(2, taverns=[2, 0, 3], pouch=[4, "5b"])
        .taverns([["W5", "W6", "E5"], ["H", "M0", "E6"], ["B", "M2", "E7"]])
        .at_tavern(0)
    )
    s = sc.build()
    assert s.camp is not None
    assert s.camp.zolkur == [True, False, False]
    w5, w6, e5 = s.taverns[0]
    s, ev = play(s, f"p1:pick:{w5}", f"p2:pick:{w6}", f"p0:pick:{e5}")
    assert by_rule(ev, "X-TH-HERO-ZOLKUR-1")
    assert [c.value for c in s.players[0].slots[3:5] if c] == [10, 6]  # the lower 4 went
    with pytest.raises(ScenarioError) as info:
        Scenario(3, expansions=TV).zolkur_on_pouch(1)
    assert info.value.rule == "X-TH-HERO-ZOLKUR-1"
