"""The Idavoll rulings of the gallery (RULES.md A.4.4, EC-X37..EC-X56): each one built with Scenario,
played with nidlib.apply, its outcome asserted here on the engine's result, and its verifier shown failing
on a deliberately wrong expected outcome (the generic checks are in tests/test_gallery_verifiers.py)."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest

import nidlib
from nidlib.content import gallery
from nidlib.core.cards import valkyrie_value
from nidlib.core.errors import DocumentError
from nidlib.rules.scoring import zero_miner_ranks

IDAVOLL = [f"EC-X{n}" for n in range(37, 57)]


def play(ec: str) -> gallery.Outcome:
    return gallery.run(gallery.get(ec))


def test_the_gallery_holds_every_idavoll_ruling() -> None:
    assert [c.id for c in gallery.GALLERY if c.id in IDAVOLL] == IDAVOLL
    assert all("idavoll" in gallery.get(ec).position.expansions for ec in IDAVOLL)


@pytest.mark.parametrize("ec", IDAVOLL)
def test_each_idavoll_ruling_verifies_and_fails_on_a_wrong_expected_outcome(ec: str) -> None:
    case = gallery.get(ec)
    o = gallery.run(case)
    assert gallery.failures(case, o) == []
    last = case.expect[-1]
    flipped = {"has": "lacks", "lacks": "has"}
    wrong = replace(last, op=flipped[last.op]) if last.op in flipped else replace(last, value=["?"])
    broken = replace(case, expect=(*case.expect[:-1], wrong))
    assert broken.verify(o) is False
    assert last.path in gallery.failures(broken, o)[0]


def test_ec_x37_the_third_mythology_card_leaves_the_game() -> None:
    o = play("EC-X37")
    part = o.final.idavoll
    assert part is not None
    assert part.removed[-1] == "freya"
    assert "freya" not in o.final.discard


def test_ec_x38_age_one_lasts_five_rounds_at_three_players() -> None:
    o = play("EC-X38")
    assert (o.final.age, o.final.round) == (1, 5)
    assert all(nidlib.card(c).age == 1 for c in o.final.taverns[1])


def test_ec_x39_surt_captures_the_warrior_nine() -> None:
    o = play("EC-X39")
    d = nidlib.decision(o.states[0])
    assert d is not None
    assert d.kind == "capture"
    part = o.final.idavoll
    assert part is not None
    assert part.captured[3] == "1W9"
    assert "1W9" not in o.final.players[0].columns[0]


def test_ec_x40_a_pioneer_warrior_is_placed_surt_stays_pending_engine_choice() -> None:
    o = play("EC-X40")
    part = o.final.idavoll
    assert part is not None
    assert part.captured[3] == ""
    assert "2W9" in o.final.players[0].columns[0]


def test_ec_x41_hrungnir_in_board_order_trading_coin_skipped() -> None:
    o = play("EC-X41")
    p = o.final.players[0]
    assert [str(c) for c in p.slots] == ["8", "6", "0", "5", "12"]
    assert o.final.bid_values[0] == 4  # the Dragon's order keeps the 4


def test_ec_x42_thrivaldi_recruits_and_its_hero_is_free() -> None:
    from nidlib.content.scenario import heroes_owed

    o = play("EC-X42")
    owed = heroes_owed(o.final, 0)
    assert len(o.final.players[0].heroes) == 2
    assert (owed.lines, owed.heroes) == (1, 1)


def test_ec_x43_skymir_draws_the_whole_reserve_at_five_players() -> None:
    o = play("EC-X43")
    part = o.final.idavoll
    assert part is not None
    assert len(part.reserve) == 3
    assert o.final.players[0].columns[2] == ["gullinbursti"]


def test_ec_x44_thor_cancels_durathors_single_dagda_discard() -> None:
    o = play("EC-X44")
    p = o.final.players[0]
    assert sum(len(col) for col in p.columns) == 6  # W3, Durathor, Dagda, M1, B, E5: nothing discarded


def test_ec_x45_garm_draws_six() -> None:
    o = play("EC-X45")
    assert len(o.start.pioneer_draw) == 6
    assert len(o.final.decks[2]) + sum(len(row) for row in o.final.taverns) == 36


def test_ec_x46_thrud_lifted_twice_then_lines() -> None:
    keys = play("EC-X46").keys()
    assert [k for k in keys if k.startswith(("myth.", "thrud."))] == [
        "myth.animal",
        "thrud.lifted",
        "thrud.placed",
        "myth.gullinbursti",
        "thrud.lifted",
        "thrud.placed",
    ]


def test_ec_x47_the_dragon_gives_no_notch_the_horse_does() -> None:
    o = play("EC-X47")
    part = o.final.idavoll
    assert part is not None
    assert part.notches[0] == 1
    assert valkyrie_value("brynhildr", 1) == 3


def test_ec_x48_three_distinctions_hildr_worth_nothing() -> None:
    part = play("EC-X48").final.idavoll
    assert part is not None
    assert valkyrie_value("hildr", part.notches[1]) == 0


def test_ec_x49_svafa_three_notches_sixteen_points() -> None:
    part = play("EC-X49").final.idavoll
    assert part is not None
    assert valkyrie_value("svafa", part.notches[4]) == 16


def test_ec_x50_olrun_counts_the_mercenary_not_the_double_or_ylud() -> None:
    part = play("EC-X50").final.idavoll
    assert part is not None
    assert valkyrie_value("olrun", part.notches[2]) == 16


def test_ec_x51_sigrdrifa_two_notches_eight_points() -> None:
    part = play("EC-X51").final.idavoll
    assert part is not None
    assert valkyrie_value("sigrdrifa", part.notches[3]) == 8


def test_ec_x52_lokis_card_lapses_to_the_next_player() -> None:
    o = play("EC-X52")
    assert "1W3" in o.final.players[1].columns[0]


def test_ec_x53_freya_cannot_move_lokis_card() -> None:
    o = play("EC-X53")
    assert o.refusals[0] is not None
    assert o.refusals[0].rule == "X-ID-GOD-FREYA-2"


def test_ec_x54_no_frigg_with_an_empty_age_deck() -> None:
    o = play("EC-X54")
    assert o.refusals[0] is not None
    assert o.refusals[0].rule == "X-ID-GOD-FRIGG-2"


def test_ec_x55_odin_grid_for_khrad() -> None:
    p = play("EC-X55").final.players[0]
    assert p.heroes == ["khrad"]
    assert str(p.slots[2]) == "12"


def test_ec_x56_a_double_is_a_zero_rank_for_ratatosk_engine_choice() -> None:
    o = play("EC-X56")
    assert zero_miner_ranks(o.final.players[0].columns[2]) == 2
    assert nidlib.final_scores(o.final).players[0].points("miner") == 9  # BGA's reading: (2 + 0) x 3 = 6


def _doc(ec: str) -> dict[str, Any]:
    text = resources.files("nidlib.content").joinpath("rulings", f"{ec}.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (
            lambda d: d["position"]["idavoll"].update(tokens=1),
            "EC-X53.position.idavoll.tokens: unknown field",
        ),
        (lambda d: d["position"]["idavoll"].update(gods="no"), "EC-X53.position.idavoll.gods"),
        (
            lambda d: d["position"]["idavoll"].update(notches={"Hildr": -1}),
            "EC-X53.position.idavoll.notches.Hildr",
        ),
        (lambda d: d["position"]["idavoll"].update(used="Loki"), "EC-X53.position.idavoll.used"),
    ],
)
def test_a_malformed_idavoll_position_is_refused_naming_the_field(change: Any, where: str) -> None:
    doc = copy.deepcopy(_doc("EC-X53"))
    doc["position"]["idavoll"] = {}
    change(doc)
    with pytest.raises(DocumentError) as err:
        gallery.ruling_from_dict(doc, "EC-X53")
    assert where in str(err.value)


def test_an_idavoll_position_the_rules_forbid_names_the_ruling() -> None:
    doc = copy.deepcopy(_doc("EC-X39"))
    doc["position"]["idavoll"] = {"notches": {"Hildr": 1}}  # nobody owns Hildr (X-ID-9)
    case = gallery.ruling_from_dict(doc, "EC-X39")
    with pytest.raises(DocumentError, match=r"^EC-X39\.position: .*Hildr.*X-ID-9"):
        case.build()
