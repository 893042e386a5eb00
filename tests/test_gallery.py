"""The edge-case gallery (nidlib.content.gallery): every entry builds, plays and shows its stated outcome.

One test per EC id asserts the ruling directly on the engine's result; the
last tests check that the gallery's verifier agrees with each entry's expected
outcome (``nidlib/content/rulings/<id>.json``) and that its texts exist in every
language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import nidlib
from nidlib.content import gallery
from nidlib.core.coins import Coin
from nidlib.core.messages import LANGUAGES, catalogue
from nidlib.rules.flowcheck import check_flow


def play(ec: str) -> gallery.Outcome:
    return gallery.run(gallery.get(ec))


def c(text: str) -> Coin:
    return Coin.parse(text)


def kind(s: nidlib.State) -> str | None:
    d = nidlib.decision(s)
    return d.kind if d else None


def test_ec_01_two_players_third_card_discarded() -> None:
    o = play("EC-01")
    assert o.final.taverns[0] == []
    assert o.final.discard[-1] == "1E5"
    assert o.final.tavern == 1


def test_ec_02_gem_swap_changes_next_tie() -> None:
    o = play("EC-02")
    assert o.start.order == [2, 0, 1]  # Ana (gem 5) before Bo (gem 3)
    assert [p.gem for p in o.final.players] == [3, 5, 4]
    assert o.final.tavern == 1
    assert o.final.order[:2] == [1, 0]


def test_ec_03_three_way_tie_highest_swaps_lowest() -> None:
    assert [p.gem for p in play("EC-03").final.players] == [4, 2, 5, 3]


def test_ec_04_five_way_tie() -> None:
    assert [p.gem for p in play("EC-04").final.players] == [5, 4, 3, 2, 1]


def test_ec_05_gem_six_ignored_in_exchange() -> None:
    o = play("EC-05")
    assert o.start.order[0] == 0
    assert [p.gem for p in o.final.players] == [6, 5, 4]


def test_ec_06_two_ties_two_exchanges() -> None:
    o = play("EC-06")
    assert [p.gem for p in o.final.players] == [3, 2, 5, 4]
    assert o.keys().count("gem.swap") == 2


def test_ec_07_uline_may_create_a_tie() -> None:
    o = play("EC-07")
    assert kind(o.start) == "uline_bid"
    assert o.final.ties == [[0, 1]]
    assert o.final.order[:2] == [0, 1]


def test_ec_08_leftover_offering_has_no_effect() -> None:
    o = play("EC-08")
    assert "1RO3" in o.final.discard
    assert not o.has("xform.due")


def test_ec_09_offering_before_trade() -> None:
    o = play("EC-09")
    keys = o.keys()
    assert keys.index("xform.done") < keys.index("trade.start")
    assert o.final.players[0].slots[3:5] == [c("3"), c("11")]
    assert "5b" in o.final.out_of_game


def test_ec_10_transformed_bid_keeps_order_and_tie() -> None:
    o = play("EC-10")
    assert o.states[1].players[0].slots[0] == c("7")
    assert o.states[1].ties == [[0, 1]]
    assert [p.gem for p in o.final.players] == [3, 5, 4]


def test_ec_11_future_bid_transformed_face_down() -> None:
    p = play("EC-11").final.players[0]
    assert p.slots[2] == c("7")
    assert not p.revealed[2]


def test_ec_12_resolved_tavern_not_revisited() -> None:
    o = play("EC-12")
    assert o.final.players[0].slots[0] == c("7")
    assert o.final.players[0].revealed[0]
    assert not o.has("gem.swap")
    assert o.final.tavern == 1


def test_ec_13_zero_and_green_three_not_transformable() -> None:
    o = play("EC-13")
    ana = {str(a) for a in nidlib.legal_actions(o.states[0])}  # Ana, the Hunting Master, transforms
    assert o.states[0].players[0].slots[4] == c("3s")
    assert "p0:transform:p1" not in ana
    assert "p0:transform:t2" in ana
    bo = {str(a) for a in nidlib.legal_actions(o.final)}  # then Bo
    assert o.final.players[1].slots[3] == c("0")
    assert "p1:transform:p0" not in bo
    assert "p1:transform:t1" in bo
    assert o.refusals
    assert all(v is not None and v.rule == "R-XFORM-1" for v in o.refusals)


@pytest.mark.parametrize("case", gallery.load_rulings(), ids=lambda case: case.id)
def test_every_ruling_position_passes_the_flow_check(case: gallery.EdgeCase) -> None:
    check_flow(case.build())  # R-EVAL-4, R-TRADE-3, R-DIST-HUNTINGMASTER-1...


def test_the_gallery_refuses_an_unreachable_position_R_EVAL_4() -> None:
    doc = json.loads((Path(gallery.__file__).parent / "rulings" / "EC-19.json").read_text(encoding="utf-8"))
    doc["position"].pop("age")  # the green 3 in Age I: no Troop Evaluation has given it yet
    with pytest.raises(nidlib.DocumentError, match="R-EVAL-4"):
        gallery.run(gallery.ruling_from_dict(doc, "EC-19"))


def test_ec_14_next_higher_coin() -> None:
    o = play("EC-14")
    assert o.start.treasury[8] == 0
    assert c("9") in o.final.players[0].slots


def test_ec_15_forced_downgrade_excludes_same_value() -> None:
    o = play("EC-15")
    assert o.final.players[0].slots[1] == c("12")
    assert o.has("treasury.fallback-down")


def test_ec_16_trade_downgrade_to_24() -> None:
    o = play("EC-16")
    assert sorted(x.value for x in o.final.players[0].slots[3:5] if x) == [6, 24]
    assert o.final.treasury[25] == 1


def test_ec_17_owner_chooses_which_five() -> None:
    o = play("EC-17")
    assert kind(o.states[2]) == "trade_discard"
    assert "5b" in o.final.out_of_game
    assert c("10") in o.final.players[0].slots


def test_ec_18_returned_coin_available_same_round() -> None:
    o = play("EC-18")
    assert o.start.treasury[9] == 0
    assert c("9") in o.final.players[1].slots


def test_ec_19_green_three_ties_basic_three() -> None:
    o = play("EC-19")
    assert o.start.ties == [[0, 1]]
    assert [p.gem for p in o.final.players] == [4, 5, 3]
    assert c("7") in o.final.players[0].slots  # 2 + 5 traded


def test_ec_20_uline_recruited_over_zero() -> None:
    o = play("EC-20")
    assert kind(o.states[3]) == "uline_trade"
    assert len(o.states[3].players[0].hand) == 4
    p = o.final.players[0]
    assert p.slots[0] == c("0")
    assert c("7") in p.hand


def test_ec_21_uline_horse_trade_automatic() -> None:
    o = play("EC-21")
    assert "uline_trade" not in [kind(s) for s in o.states]
    assert c("9") in o.final.players[0].hand


def test_ec_22_grid_before_trade() -> None:
    o = play("EC-22")
    keys = o.keys()
    assert keys.index("xform.done") < keys.index("trade.start")
    assert {str(x) for x in o.final.players[0].slots[3:5]} == {"5b", "15"}


def test_ec_23_no_trade_at_end_of_age() -> None:
    o = play("EC-23")
    assert o.has("ylud.placed")
    assert not o.has("trade.start")


def test_ec_27_pioneer_evaluated_after_thrud() -> None:
    o = play("EC-27")
    assert o.has("dist.pioneer-none")
    assert all("pioneer-of-the-kingdom" not in p.command_zone for p in o.final.players)


def test_ec_28_two_lines_two_recruitments() -> None:
    o = play("EC-28")
    assert kind(o.start) == "hero"
    assert kind(o.states[0]) == "hero"
    assert kind(o.final) == "bids"
    assert len(o.final.players[0].heroes) == 3


def test_ec_29_pioneer_keeps_offering() -> None:
    o = play("EC-29")
    assert kind(o.states[0]) == "transform"
    assert c("10") in o.final.players[0].hand
    assert "2RO5" in o.final.discard


def test_ec_30_pioneer_card_completes_line() -> None:
    o = play("EC-30")
    assert "uline" in o.final.players[0].heroes
    assert nidlib.decision(o.final) == nidlib.Decision("bids", (1,))


def test_ec_31_crown_jeweler_three_players() -> None:
    o = play("EC-31")
    assert [p.gem for p in o.final.players] == [6, 4, 5]
    assert o.final.gems_out == [3]


def test_ec_32_gem_exchange_before_crown_jeweler() -> None:
    o = play("EC-32")
    keys = o.keys()
    assert keys.index("gem.swap") < keys.index("dist.crown-jeweler")
    assert o.final.players[0].gem == 6
    assert o.final.gems_out == [4]


def test_ec_33_entitlement_kept_until_hourya_eligible() -> None:
    o = play("EC-33")
    assert o.has("recruit.none-eligible")
    assert "hourya" in o.final.players[0].heroes


def test_ec_34_exactly_one_recruitment() -> None:
    o = play("EC-34")
    assert len(o.final.players[0].heroes) == 4
    assert kind(o.final) == "bids"


def test_ec_35_dagda_discards_break_the_line() -> None:
    o = play("EC-35")
    assert o.final.players[0].heroes == ["dagda"]
    assert kind(o.final) == "pick"


def test_ec_36_hero_on_top_not_discardable() -> None:
    o = play("EC-36")
    assert kind(o.final) == "discard"
    assert not any("warrior" in str(a) for a in nidlib.legal_actions(o.final))
    assert o.refusals[0] is not None
    assert o.refusals[0].rule == "R-HERO-DAGDA-3"


def test_ec_37_dagda_needs_two_columns() -> None:
    o = play("EC-37")
    assert kind(o.final) == "hero"
    assert o.refusals[0] is not None
    assert o.refusals[0].rule == "R-HERO-DAGDA-3"


def test_ec_38_cascade_one_at_a_time() -> None:
    o = play("EC-38")
    assert [kind(s) for s in o.states] == ["hero", "hero", "hero", "pick"]


def test_ec_39_thrud_lifted_and_replaced() -> None:
    o = play("EC-39")
    assert kind(o.states[0]) == "thrud"
    assert o.states[0].players[0].thrud == -1
    assert o.final.players[0].thrud == 4


def test_ec_40_thrud_counts_for_hourya() -> None:
    o = play("EC-40")
    assert "hourya" in o.final.players[0].heroes


def test_ec_41_thrud_not_in_final_majority() -> None:
    o = play("EC-41")
    t = nidlib.final_scores(o.final)
    assert t.players[0].points("warrior_bonus") == 0
    assert t.players[1].points("warrior_bonus") == 5


def test_ec_42_ylud_placed_before_troop_evaluation() -> None:
    o = play("EC-42")
    keys = o.keys()
    assert keys.index("ylud.placed") < keys.index("hero.neutral") < keys.index("eval.win")


def test_ec_43_ylud_may_stay() -> None:
    o = play("EC-43")
    assert o.has("ylud.stays")
    assert o.final.is_over


def test_ec_44_thrud_recruited_at_the_end_scores() -> None:
    o = play("EC-44")
    assert "thrud" in o.final.players[0].command_zone
    assert nidlib.final_scores(o.final).players[0].points("heroes") >= 13


def test_ec_45_idunn_scoring() -> None:
    assert nidlib.final_scores(play("EC-45").final).players[0].points("explorer") == 39


def test_ec_46_lokdur_zoral_scoring() -> None:
    assert nidlib.final_scores(play("EC-46").final).players[0].points("miner") == 49


@pytest.mark.parametrize("case", gallery.GALLERY, ids=lambda k: k.id)
def test_every_entry_verifies_its_outcome(case: gallery.EdgeCase) -> None:
    outcome = gallery.run(case)
    assert gallery.failures(case, outcome) == []
    assert case.verify(outcome)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_has_its_texts(lang: str) -> None:
    cat = catalogue(lang)
    for case in gallery.GALLERY:
        for part in ("title", "question", "outcome"):
            assert f"gallery.{case.id}.{part}" in cat


def test_gallery_size_and_lookup() -> None:
    assert len(gallery.GALLERY) >= 25
    assert gallery.get("ec9").id == "EC-09"
    assert gallery.get("EC-46").id == "EC-46"
    with pytest.raises(KeyError):
        gallery.get("EC-99")


def test_resolve_names_cards_by_spec() -> None:
    s = gallery.get("EC-09").build(None)
    assert str(gallery.resolve(s, "p1:pick:W3")) == "p1:pick:1W3"
    with pytest.raises(nidlib.InvalidActionError):
        gallery.resolve(s, "p1:pick:E12")
