"""Scenario builds Idavoll positions (RULES.md A.2): Mythology cards where the rules put them, the
Mythology deck and reserve, and every token (God used, capture, face-down Giant, notches, Ölrun, Loki)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import nidlib
from nidlib.content.scenario import Scenario, ScenarioError, heroes_owed, paused_at, step
from nidlib.core.serialize import read_state, state_to_dict

ID = ("idavoll",)


def kind(s: nidlib.State) -> str | None:
    d = nidlib.decision(s)
    return None if d is None else str(d.kind)


def test_x_id_3_the_dragon_is_dealt_from_the_mythology_deck_in_age_one_rounds_one_to_three() -> None:
    s = Scenario(3, seed=1, expansions=ID).build()
    part = s.idavoll
    assert part is not None
    assert all(nidlib.card(c).kind.value in ("animal", "god", "giant", "valkyrie") for c in s.taverns[1])
    assert len(part.deck) == 6
    assert len(part.reserve) == 11
    later = Scenario(3, seed=1, round=4, expansions=ID).build()
    assert later.idavoll is not None
    assert later.idavoll.deck == []
    assert len(later.idavoll.removed) == 9
    assert all(nidlib.card(c).age == 1 for row in later.taverns for c in row)
    assert Scenario(3, seed=1, round=5, expansions=ID).build().round == 5  # X-ID-3: 5 rounds at 3 players
    with pytest.raises(ScenarioError, match=r"rounds 1 to 4.*\[X-ID-3\]"):
        Scenario(4, round=5, expansions=ID)


def test_x_id_5_mythology_cards_in_armies_and_command_zones_with_every_token() -> None:
    s = (
        Scenario(3, seed=1, round=4, expansions=ID)
        .army(0, warrior=[3, "Nidhogg"], blacksmith=["Hraesvelg"])
        .place(0, "Gullinbursti", "miner")
        .command_zone(0, ["Loki", "Surt", "Ölrun"])
        .olrun("warrior")
        .captured("Surt", "W9")
        .command_zone(1, ["Brynhildr", "Thor", "Gymir", "Hrungnir"])
        .notches("Brynhildr", 2)
        .gods_used("Thor")
        .captured("Gymir", "face down")
        .loki("H")
        .build(check=True)
    )
    part = s.idavoll
    assert part is not None
    assert s.players[0].columns[0] == ["1W3", "nidhogg"]
    assert s.players[0].columns[2] == ["gullinbursti"]
    assert part.captured == ["-", "", "", "1W9", ""]  # Gymir face down, Hrungnir pending, Surt's warrior
    assert part.notches[0] == 2
    assert part.olrun == 0
    assert part.used == ["thor", "loki"]
    assert part.loki in s.taverns[0] + s.taverns[1] + s.taverns[2]
    assert part.loki.startswith("1H")
    assert read_state(state_to_dict(s)) == s  # a document like any other
    # Bo: Thor 8 + Brynhildr (2 notches) 6; Gymir face down and Hrungnir pending score 0 (X-ID-SCORE-2)
    assert nidlib.final_scores(s).players[1].points("mythology") == 14
    assert (
        nidlib.final_scores(s).players[0].points("mythology") == 8 + 5
    )  # Loki + Surt: the highest coin, the basic 5 (X-ID-GIANT-SURT-1)
    assert kind(s) == "bids"  # Loki's token is used: no Loki decision; Freya is nobody's


def test_x_id_seq_1_loki_and_freya_act_before_the_bids() -> None:
    sc = Scenario(2, seed=3, round=2, expansions=ID).command_zone(0, ["Loki"]).command_zone(1, ["Freya"])
    sc.taverns([["W3", "H", "M1"], ["Surt", "Garm", "Frigg"], ["B", "E5", "W4"]])
    s = sc.build()
    assert kind(s) == "loki"
    s, _ = nidlib.apply(s, nidlib.parse("p0:loki:surt"))
    assert kind(s) == "freya"
    assert "p1:freya:surt,1W3" not in map(str, nidlib.legal_actions(s))  # X-ID-GOD-FREYA-2
    assert kind(sc.at_bids(gods=False).build()) == "bids"
    # stopped before Enter the Dwarves: the Dragon's cards go back on the Mythology deck and come again
    p = sc.at_bids().build(stop_before="round-start")
    assert paused_at(p) == "round-start"
    dealt, _ = step(p)
    assert dealt.taverns[1] == ["surt", "garm", "frigg"]


def test_x_id_3_a_position_at_a_tavern_with_the_dragons_cards() -> None:
    s = (
        Scenario(2, seed=3, round=2, expansions=ID)
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[3, 2, 0], pouch=[4, 5])
        .taverns([[], ["Surt", "Garm", "Frigg"], ["B", "E5", "W4"]])  # the Goblin is resolved: empty
        .at_tavern(1)
        .build(check=True)
    )
    assert s.order == [1, 0]
    assert [str(a) for a in nidlib.legal_actions(s)] == ["p1:pick:surt", "p1:pick:garm", "p1:pick:frigg"]


def test_x_id_giant_thrivaldi_2_heroes_owed_counts_the_free_hero() -> None:
    s = (
        Scenario(3, seed=1, round=4, expansions=ID)
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"], explorer=[5])
        .command_zone(0, ["Grid", "Thrivaldi"])
        .captured("Thrivaldi", "B")
        .build()
    )
    o = heroes_owed(s, 0)
    assert (o.lines, o.heroes, o.owed) == (1, 0, 1)  # Grid was Thrivaldi's: the line still owes a hero


def test_x_id_deck_2_strict_sizes_of_the_mythology_deck_and_reserve() -> None:
    # round 2 at 3 players: 3 Mythology cards dealt before this round, 3 in the Dragon; 4 owned is too many
    sc = Scenario(3, seed=1, round=2, expansions=ID).command_zone(0, ["Loki", "Odin", "Thor", "Frigg"])
    with pytest.raises(ScenarioError) as err:
        sc.build()
    assert err.value.rule == "X-ID-DECK-2"
    assert err.value.path == "myth_reserve"
    relaxed = Scenario(3, seed=1, round=2, strict_decks=False, expansions=ID)
    relaxed.command_zone(0, ["Loki", "Odin", "Thor", "Frigg"]).build()  # allowed when asked for
    # Skymir has captured: the reserve is 2 shorter; explicit piles are checked
    s = (
        Scenario(5, seed=2, round=4, expansions=ID)
        .command_zone(0, ["Skymir", "Odin", "Frigg"])
        .captured("Skymir", "H")
        .build()
    )
    assert s.idavoll is not None
    assert len(s.idavoll.reserve) == 3
    with pytest.raises(ScenarioError, match=r"holds 3 cards.*not 2 \[X-ID-DECK-1\]"):
        Scenario(3, seed=1, round=2, expansions=ID).myth_deck(["Loki", "Odin"]).build()
    built = Scenario(3, seed=1, round=2, expansions=ID).myth_deck(["Loki", "Odin", "Thor"]).build()
    assert built.idavoll is not None
    assert built.idavoll.deck == ["loki", "odin", "thor"]


REFUSED: list[tuple[Callable[[], object], str, str]] = [
    (lambda: Scenario(3).command_zone(0, ["Loki"]), "command_zone(0)[0]", "X-ID-1"),
    (lambda: Scenario(3, expansions=ID).place(0, "Nidhogg", "miner"), "place(0, 'Nidhogg').column", "X-ID-5"),
    (lambda: Scenario(3, expansions=ID).place(0, "Loki", "miner"), "place(0, 'Loki').column", "X-ID-5"),
    (lambda: Scenario(3, expansions=ID).command_zone(0, ["Garm"]), "command_zone(0)[0]", "X-ID-5"),
    (
        lambda: Scenario(3, expansions=ID).place(0, "Gullinbursti"),
        "place(0, 'Gullinbursti')",
        "X-ID-ANIMAL-HREASVELG-1",
    ),
    (lambda: Scenario(3, expansions=ID).discard(["Loki"]), "discard[0]", "X-ID-4"),
    (lambda: Scenario(3, expansions=ID).notches("Hildr", 1), "notches('Hildr')", "X-ID-9"),
    (
        lambda: Scenario(3, expansions=ID).command_zone(0, ["Hildr"]).notches("Hildr", -1),
        "notches('Hildr').k",
        "X-ID-9",
    ),
    (
        lambda: Scenario(3, expansions=ID).command_zone(0, ["Surt"]).captured("Surt", "E9"),
        "captured('Surt').card",
        "X-ID-GIANT-3",
    ),
    (
        lambda: Scenario(3, expansions=ID).command_zone(0, ["Loki", "Odin"]).command_zone(1, ["Loki"]),
        "command_zone(1)[0]",
        "X-ID-1",
    ),
    (lambda: Scenario(3, expansions=ID).gods_used("Odin"), "gods_used('Odin')", "X-ID-7"),
    (
        lambda: Scenario(3, round=4, expansions=ID).taverns([["Loki"], [], []]),
        "taverns[0][0]",
        "X-ID-3",
    ),
    (
        lambda: Scenario(3, round=4, expansions=ID).army(0, blacksmith=["Hraesvelg"]).build(),
        "players[0].army",
        "X-ID-ANIMAL-HREASVELG-1",
    ),
    (
        lambda: Scenario(3, round=4, expansions=ID).command_zone(0, ["Ölrun"]).build(),
        "players[0].command_zone",
        "X-ID-VALK-OLRUN-1",
    ),
    (
        lambda: (
            Scenario(3, seed=1, round=2, expansions=ID)
            .taverns([["Loki", "H", "M1"], ["Surt", "Garm", "W3"], ["B", "E5", "W4"]])
            .build()
        ),
        "taverns",
        "X-ID-3",
    ),
    (
        lambda: Scenario(3, round=4, expansions=ID).command_zone(0, ["Loki"]).loki("W25").build(),
        "loki",
        "X-ID-GOD-LOKI-1",
    ),
]


@pytest.mark.parametrize(("make", "path", "rule"), REFUSED, ids=[f"{r}:{p}" for _, p, r in REFUSED])
def test_idavoll_set_ups_the_rules_forbid_are_refused_naming_the_field(
    make: Callable[[], object], path: str, rule: str
) -> None:
    with pytest.raises(ScenarioError) as err:
        make()
    assert (err.value.path, err.value.rule) == (path, rule)


def test_x_id_god_freya_1_a_swapped_mythology_card_outside_the_dragon_needs_freya() -> None:
    s = (
        Scenario(3, seed=1, round=2, expansions=ID)
        .command_zone(0, ["Freya"])
        .gods_used("Freya")
        .taverns([["Loki", "H", "M1"], ["Surt", "Garm", "W3"], ["B", "E5", "W4"]])
        .build(check=True)
    )
    assert s.taverns[0][0] == "loki"


def test_a_refused_idavoll_call_leaves_the_scenario_as_it_was() -> None:
    sc = Scenario(3, seed=1, round=4, expansions=ID).command_zone(0, ["Surt"])
    before = sc.build()
    with pytest.raises(ScenarioError):
        sc.captured("Surt", "E9")
    assert sc.build() == before
