"""Components, set-up, game structure and Enter the Dwarves (RULES.md §1-4.1)."""

from __future__ import annotations

from collections import Counter

import pytest
from enginekit import by_rule, play_until

import nidlib
from nidlib import CARDS, CardKind, DwarfClass
from nidlib.core.cards import HERO_IDS
from nidlib.core.coins import Coin, CoinKind
from nidlib.core.messages import render


def _all_age_cards(s: nidlib.State, age: int) -> list[str]:
    cards = list(s.decks[age])
    if age == s.age:
        for row in s.taverns:
            cards.extend(row)
    return cards


def _composition(cards: list[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for cid in cards:
        c = CARDS[cid]
        if c.kind is CardKind.DWARF:
            assert c.cls is not None
            out.setdefault(c.cls.value, []).append(c.ranks[0])
    return {k: sorted(v) for k, v in out.items()}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_comp_1_dwarf_composition_per_age(players: int) -> None:
    s = nidlib.new_game(players, seed=3)
    five = players == 5
    expected = {
        "warrior": [3, 4, 5, 6, 6, 7, 8, 9] + ([10] if five else []),
        "hunter": [0] * (8 if five else 6),
        "miner": sorted([0, 0, 1, 1, 2, 2] + ([0, 1] if five else [])),
        "blacksmith": [0] * (10 if five else 8),
        "explorer": [5, 6, 7, 8, 9, 10, 11] + ([12] if five else []),
    }
    for age in (1, 2):
        assert _composition(_all_age_cards(s, age)) == expected
    for cid, c in CARDS.items():
        if c.kind is CardKind.DWARF:
            assert len(c.ranks) == 1, cid  # every dwarf card has exactly one rank


def test_r_comp_1_eighty_six_dwarves_in_the_box() -> None:
    s = nidlib.new_game(5, seed=1)
    dwarves = [c for age in (1, 2) for c in _all_age_cards(s, age) if CARDS[c].kind is CardKind.DWARF]
    assert len(dwarves) == 86 == len(set(dwarves))


@pytest.mark.parametrize(("players", "age1", "age2"), [(3, 1, 2), (5, 2, 3)])
def test_r_comp_2_royal_offerings(players: int, age1: int, age2: int) -> None:
    s = nidlib.new_game(players, seed=2)
    for age, count, value in ((1, age1, 3), (2, age2, 5)):
        ro = [CARDS[c] for c in _all_age_cards(s, age) if CARDS[c].kind is CardKind.ROYAL_OFFERING]
        assert len(ro) == count
        assert {c.offering for c in ro} == {value}


@pytest.mark.parametrize(("players", "sizes"), [(2, (36, 37)), (3, (36, 37)), (4, (36, 37)), (5, (45, 46))])
def test_r_comp_3_deck_sizes(players: int, sizes: tuple[int, int]) -> None:
    s = nidlib.new_game(players, seed=5)
    assert (len(_all_age_cards(s, 1)), len(_all_age_cards(s, 2))) == sizes


def test_r_comp_4_twenty_one_unique_heroes() -> None:
    s = nidlib.new_game(3, seed=0)
    assert len(s.heroes_available) == 21 == len(set(s.heroes_available)) == len(HERO_IDS)
    by_class = Counter(CARDS[h].cls for h in HERO_IDS)
    for cls in DwarfClass:
        assert by_class[cls] == 2
    assert by_class[None] == 11
    names = {CARDS[h].name for h in HERO_IDS if CARDS[h].cls is None}
    assert {"Skaa", "Astrid", "Grid", "Uline", "Ylud", "Thrud"} <= names
    assert sum(1 for n in names if n.startswith("Dwerg")) == 5


def test_r_comp_5_special_components() -> None:
    armorer = CARDS["armorer"]
    assert armorer.cls is DwarfClass.BLACKSMITH
    assert len(armorer.ranks) == 2
    assert sum(armorer.ranks) == 0
    green = Coin.parse("3s")
    assert green.value == 3
    assert green.kind is CoinKind.SPECIAL
    assert green.is_trading
    s = nidlib.new_game(5, seed=0)
    assert 6 not in {p.gem for p in s.players}  # the gem 6 is set aside, not dealt
    assert "armorer" not in _all_age_cards(s, 1) + _all_age_cards(s, 2)


@pytest.mark.parametrize("players", [2, 5])
def test_r_comp_6_and_r_setup_1_five_basic_coins_each(players: int) -> None:
    s = nidlib.new_game(players, seed=1)
    for p in s.players:
        assert [str(c) for c in p.hand] == ["0", "2", "3", "4", "5b"]
        assert sum(c.value for c in p.hand) == 14
        assert all(c.kind is CoinKind.BASIC for c in p.hand)
        assert p.slots == [None] * 5


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_comp_7_and_r_setup_3_royal_treasure(players: int) -> None:
    s = nidlib.new_game(players, seed=1)
    t = s.treasury
    big = dict.fromkeys(range(15, 26), 1)
    if players >= 4:
        assert t == {5: 2, 6: 2, 7: 3, 8: 2, 9: 3, 10: 2, 11: 3, 12: 2, 13: 2, 14: 2, **big}
        assert sum(t.values()) == 34
    else:
        assert t == {5: 2, 6: 2, 7: 1, 8: 2, 9: 1, 10: 2, 11: 1, 12: 2, 13: 2, 14: 2, **big}
        assert sum(t.values()) == 28


@pytest.mark.parametrize(
    ("players", "gems"), [(2, {4, 5}), (3, {3, 4, 5}), (4, {2, 3, 4, 5}), (5, {1, 2, 3, 4, 5})]
)
def test_r_comp_8_and_r_setup_2_gems_dealt(players: int, gems: set[int]) -> None:
    seen_first: set[int] = set()
    for seed in range(12):
        events: list[nidlib.Event] = []
        s = nidlib.new_game(players, seed=seed, events=events)
        assert {p.gem for p in s.players} == gems
        seen_first.add(s.players[0].gem)
        (e,) = by_rule(events, "R-SETUP-2")
        for p in s.players:
            assert f"{p.name} {p.gem}" in e.text()
    assert len(seen_first) > 1, "gems are dealt at random"
    # gems are public: every view shows them
    s = nidlib.new_game(players, seed=0)
    assert [p.gem for p in nidlib.view_for(s, 1).players] == [p.gem for p in s.players]


def test_r_comp_9_three_taverns_and_five_coin_spaces() -> None:
    assert [render("tavern.0", {}), render("tavern.1", {}), render("tavern.2", {})] == [
        "Laughing Goblin",
        "Dancing Dragon",
        "Shining Horse",
    ]
    s = nidlib.new_game(3, seed=0)
    assert len(s.taverns) == 3
    for p in s.players:
        assert len(p.slots) == 5  # Goblin, Dragon, Horse, pouch, pouch


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_setup_4_five_player_cards_removed(players: int) -> None:
    s = nidlib.new_game(players, seed=4)
    for age in (1, 2):
        assert not [c for c in _all_age_cards(s, age) if CARDS[c].five_players_only]
    s5 = nidlib.new_game(5, seed=4)
    assert len([c for age in (1, 2) for c in _all_age_cards(s5, age) if CARDS[c].five_players_only]) == 18


def test_r_setup_4_decks_shuffled_separately_and_by_seed() -> None:
    a = nidlib.new_game(3, seed=1)
    b = nidlib.new_game(3, seed=1)
    c = nidlib.new_game(3, seed=2)
    assert a == b
    assert a.decks[1] != c.decks[1]
    assert all(CARDS[x].age == 1 for x in a.decks[1])
    assert all(CARDS[x].age == 2 for x in a.decks[2])


def test_r_setup_5_heroes_displayed_and_first_game_option() -> None:
    s = nidlib.new_game(3, seed=0)
    assert set(s.heroes_available) == set(HERO_IDS)
    assert set(nidlib.view_for(s, 2).heroes_available) == set(HERO_IDS)  # public
    events: list[nidlib.Event] = []
    f = nidlib.new_game(3, seed=0, first_game=True, events=events)
    assert set(HERO_IDS) - set(f.heroes_available) == {"thrud", "ylud", "uline"}
    assert f.options.first_game
    assert by_rule(events, "R-SETUP-5")


@pytest.mark.parametrize(
    ("players", "cards", "rounds", "coins"), [(2, 3, 4, 28), (3, 3, 4, 28), (4, 4, 3, 34), (5, 5, 3, 34)]
)
def test_r_setup_6_summary_by_player_count(players: int, cards: int, rounds: int, coins: int) -> None:
    events: list[nidlib.Event] = []
    s = nidlib.new_game(players, seed=9, events=events)
    assert [len(t) for t in s.taverns] == [cards] * 3
    (e,) = by_rule(events, "R-SETUP-6")
    assert e.params["rounds"] == rounds
    assert e.params["coins"] == coins
    assert e.params["cards"] == cards
    assert str(cards) in e.text()
    assert str(rounds) in e.text()


@pytest.mark.parametrize("players", [1, 6, 0])
def test_r_setup_6_player_count_outside_two_to_five_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        nidlib.new_game(players)


def test_r_setup_6_names_must_differ() -> None:
    with pytest.raises(ValueError, match="different, non-empty player names"):
        nidlib.new_game(3, ["Ana", "Ana", "Bo"])
    with pytest.raises(ValueError, match="different, non-empty player names"):
        nidlib.new_game(3, ["Ana", "Bo"])


def test_r_setup_7_no_first_player_bids_are_simultaneous() -> None:
    s = nidlib.new_game(4, seed=0)
    d = nidlib.decision(s)
    assert d is not None
    assert d.kind == "bids"
    assert d.players == (0, 1, 2, 3)
    # any player may bid first
    for i in (3, 0):
        a = nidlib.legal_actions(s, i)[0]
        s, _ = nidlib.apply(s, a)
        assert i not in nidlib.to_act(s)


def _round_starts(events: list[nidlib.Event]) -> list[tuple[int, int]]:
    return [(e.params["age"], e.params["round"]) for e in events if e.key == "round.start"]


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_r_flow_1_and_r_flow_3_two_ages_and_rounds_per_age(players: int, rounds: int) -> None:
    events: list[nidlib.Event] = []
    s = nidlib.new_game(players, seed=11, events=events)
    s, ev = play_until(s, lambda _: False, seed=players)
    events += ev
    assert s.is_over
    starts = _round_starts(events)
    assert starts == [(1, r) for r in range(1, rounds + 1)] + [(2, r) for r in range(1, rounds + 1)]
    ages = [e.params["age"] for e in events if e.key == "age.start"]
    assert ages == [1, 2]
    ends = [e for e in events if e.key == "age.end"]
    assert [e.params["age"] for e in ends] == [1, 2]
    assert all(e.rule == "R-FLOW-3" for e in ends)
    # Age I end steps (Troop Evaluation) come between the two Ages; final scores come last
    k_eval = next(k for k, e in enumerate(events) if e.rule == "R-EVAL-3")
    k_age2 = next(k for k, e in enumerate(events) if e.key == "age.start" and e.params["age"] == 2)
    assert k_eval < k_age2
    assert events[-1].rule == "R-SCORE-10"


def test_r_flow_2_round_structure_goblin_dragon_horse() -> None:
    events: list[nidlib.Event] = []
    s = nidlib.new_game(3, seed=4, events=events)
    s, ev = play_until(s, lambda x: x.round == 2, seed=1)
    events += ev
    keys = [e.key for e in events]
    k_round = keys.index("round.start")
    k_enter = keys.index("enter.tavern")
    k_bids = keys.index("bid.all-placed")
    assert k_round < k_enter < k_bids
    reveals = [e.params["tavern"] for e in events if e.key == "reveal.bids"]
    assert reveals[:3] == ["@tavern.0", "@tavern.1", "@tavern.2"]
    # each tavern: reveal, then picks, then the next tavern's reveal
    k_reveal1 = [k for k, e in enumerate(events) if e.key == "reveal.bids"][1]
    picks_goblin = [e for e in events[:k_reveal1] if e.key in ("pick.dwarf", "pick.offering")]
    assert len(picks_goblin) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_flow_4_age_two_starts_with_the_age_one_deck_size(players: int) -> None:
    events: list[nidlib.Event] = []
    s = nidlib.new_game(players, seed=21, events=events)
    s, ev = play_until(s, lambda x: x.age == 2, seed=3)
    events += ev
    starts = {e.params["age"]: e.params["cards"] for e in events if e.key == "age.start"}
    assert starts[1] == (45 if players == 5 else 36)
    assert starts[2] == starts[1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r_enter_1_cards_per_tavern_drawn_from_the_top(players: int) -> None:
    s = nidlib.new_game(players, seed=13)
    size = 3 if players == 2 else players
    assert [len(t) for t in s.taverns] == [size] * 3
    # before round 2, the next cards are the top of the deck (last element), Goblin first
    s, _ = play_until(s, lambda x: x.tavern == 2 and nidlib.decision(x).kind == "pick", seed=1)
    deck = list(s.decks[1])
    s, _ = play_until(s, lambda x: x.round == 2, seed=1)
    top = deck[::-1]
    assert s.taverns == [top[:size], top[size : 2 * size], top[2 * size : 3 * size]]


def test_r_enter_2_tavern_cards_are_public() -> None:
    s = nidlib.new_game(4, seed=13)
    for i in range(4):
        assert nidlib.view_for(s, i).taverns == s.taverns
    events: list[nidlib.Event] = []
    nidlib.new_game(4, seed=13, events=events)
    enter = [e for e in events if e.rule == "R-ENTER-1"]
    assert len(enter) == 3
    assert all(e.visible_to is None for e in enter)
