"""JSON state documents: exact round trips mid-game, and clear refusals of malformed or impossible ones."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from enginekit import NAMES3, Scenario, assert_round_trip, play, play_until

import nidlib
from nidlib import DocumentError, State
from nidlib.core.serialize import state_to_dict
from nidlib.rules.load import state_from_dict


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def midgame() -> State:
    s = nidlib.new_game(4, seed=5)
    s, _ = play_until(s, lambda x: x.round == 2 and x.tavern == 1, seed=2)
    return s


def test_round_trip_at_every_step_of_a_game() -> None:
    s = nidlib.new_game(3, NAMES3, seed=8)
    rng = random.Random(8)
    while not s.is_over:
        assert_round_trip(s)
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    assert_round_trip(s)


def test_round_trip_mid_cascade_thrud_lifted_and_uline() -> None:
    # a recruitment cascade in progress (Aral gave more lines)
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, warrior=[3, 4, 5], miner=[0, 1, 2], blacksmith=[0, 0, 0], explorer=[5, 6, 7])
        .bids(0, taverns=["5b", 4, 3], pouch=[0, 2])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns([["H", "W8", "W9"], ["H", "H", "H"], ["B", "B", "E10"]])
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]), "p0:hero:aral")
    assert nidlib.decision(s).kind == "hero"
    assert_round_trip(s)
    s2, _ = play(s, "p0:hero:thrud")  # Thrud recruited, not placed yet
    assert nidlib.decision(s2).kind == "thrud"
    assert s2.players[0].thrud == -1
    assert_round_trip(s2)
    s3, _ = play(s, "p0:hero:uline")  # Uline: coins in hand
    assert s3.players[0].hand
    assert_round_trip(s3)
    s3, _ = play_until(s3, lambda x: nidlib.decision(x).kind == "uline_bid", choose=first)
    assert_round_trip(s3)


def test_round_trip_pioneer_draw_pending_and_equal_coin_choice() -> None:
    s = Scenario(3, NAMES3, seed=1).army(2, explorer=[5]).at_end_of_age().build()
    assert nidlib.decision(s).kind == "pioneer"
    assert s.pioneer_draw
    assert_round_trip(s)
    t = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[0, 3, 2], pouch=["5b", "g5"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[2, 3, 0], pouch=[4, "5b"])
        .at_tavern(0)
        .build()
    )
    t, _ = play_until(t, lambda x: nidlib.decision(x).kind == "trade_discard", choose=first)
    assert_round_trip(t)


def test_round_trip_of_a_view_keeps_the_viewer() -> None:
    v = nidlib.view_for(midgame(), 1)
    back = state_from_dict(state_to_dict(v))
    assert back == v
    assert back.viewer == 1


def test_document_is_plain_json_with_schema_and_version() -> None:
    d = json.loads(nidlib.to_json(midgame()))
    assert d["schema"] == "nidavellir-tutor/state"
    assert d["version"] == 1
    assert set(d) >= {"options", "age", "round", "tavern", "decks", "taverns", "treasury", "players", "tasks"}


# --- refusals --------------------------------------------------------------------------------


def _refused(mutate: Callable[[dict[str, Any]], Any], path: str, words: str = "") -> DocumentError:
    d = state_to_dict(midgame())
    mutate(d)
    with pytest.raises(DocumentError) as info:
        nidlib.from_json(json.dumps(d))
    err = info.value
    assert err.path == path, f"path {err.path!r}: {err}"
    assert words.lower() in err.problem.lower(), err.problem
    return err


def test_missing_field_is_named() -> None:
    _refused(lambda d: d["players"][2].pop("gem"), "players[2].gem", "missing field")
    _refused(lambda d: d.pop("treasury"), "treasury", "missing field")
    _refused(lambda d: d["options"].pop("seed"), "options.seed", "missing field")


def test_wrong_type_is_named() -> None:
    _refused(lambda d: d.__setitem__("age", "1"), "age", "whole number")
    _refused(lambda d: d["players"][0].__setitem__("revealed", 3), "players[0].revealed", "list")
    _refused(lambda d: d["players"][1]["slots"].__setitem__(3, 7.5), "players[1].slots[3]", "string")
    _refused(lambda d: d.__setitem__("taverns", {}), "taverns", "list")


def test_unknown_card_is_refused() -> None:
    _refused(lambda d: d["decks"]["1"].__setitem__(0, "1W99"), "decks.1[0]", "unknown card")
    _refused(
        lambda d: d["players"][0]["command_zone"].append("excalibur"),
        "players[0].command_zone[0]",
        "unknown card",
    )


def test_card_in_two_places_is_refused() -> None:
    def dup(d: dict[str, Any]) -> None:
        d["discard"].append(d["decks"]["1"][0])

    n = len(state_to_dict(midgame())["discard"])
    err = _refused(dup, f"discard[{n}]", "already at")
    assert "decks.1[0]" in err.problem


def test_six_coins_are_refused() -> None:
    err = _refused(lambda d: d["players"][0]["hand"].append("7"), "players[0].slots", "exactly 5 coins")
    assert "R-COIN-3" in err.problem


def test_gem_seven_and_duplicate_gems_are_refused() -> None:
    _refused(lambda d: d["players"][0].__setitem__("gem", 7), "players[0].gem", "out of range")

    def same(d: dict[str, Any]) -> None:
        d["players"][1]["gem"] = d["players"][0]["gem"]

    _refused(same, "players", "gems must all differ")


def test_treasury_inconsistent_is_refused() -> None:
    def more(d: dict[str, Any]) -> None:
        d["treasury"]["20"] = 2

    err = _refused(more, "treasury.20", "")
    assert "R-COMP-7" in err.problem
    _refused(lambda d: d["treasury"].__setitem__("30", 1), "treasury.30", "5 to 25")
    _refused(lambda d: d.__setitem__("treasury", [1, 2]), "treasury", "object")


def test_other_impossible_documents() -> None:
    _refused(lambda d: d.__setitem__("schema", "chess"), "schema", "nidavellir-tutor/state")
    _refused(lambda d: d.__setitem__("version", 2), "version", "version 1")
    _refused(lambda d: d["players"].pop(), "players", "expected 4 players")
    _refused(lambda d: d["players"][0]["slots"].pop(), "players[0].slots", "5 spaces")
    _refused(
        lambda d: d["tasks"].append(["dance", 1]),
        "tasks[" + str(len(state_to_dict(midgame())["tasks"])) + "][0]",
        "unknown task",
    )
    _refused(lambda d: d["options"].__setitem__("names", ["A", "A", "B", "C"]), "options.names", "different")

    def wrong_column(d: dict[str, Any]) -> None:
        d["players"][0]["army"]["warrior"].append(d["decks"]["2"].pop())

    d = state_to_dict(midgame())
    wrong_column(d)
    with pytest.raises(DocumentError, match="does not belong in the warrior column"):
        state_from_dict(d)


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(DocumentError, match="not valid JSON"):
        nidlib.from_json("{")
    with pytest.raises(DocumentError, match="expected an object"):
        nidlib.from_json("[1, 2]")


_JUNK: list[Any] = [None, 7, -1, "x", "25", [], {}, True, 2.5, ["a"], {"k": 1}]


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for k, v in enumerate(doc):
            out += _paths(v, (*prefix, k))
    return out


def test_fuzzed_documents_raise_only_document_errors() -> None:
    base = state_to_dict(midgame())
    paths = _paths(base)
    rng = random.Random(1)
    refused = 0
    for _ in range(600):
        d = copy.deepcopy(base)
        path = rng.choice(paths)
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        if rng.random() < 0.25 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(_JUNK))
        try:
            nidlib.from_json(json.dumps(d))
        except DocumentError:
            refused += 1
        except Exception as e:  # noqa: BLE001
            raise AssertionError(f"mutating {path} raised {type(e).__name__}: {e}") from None
    assert refused > 400


def _built_doc() -> dict[str, Any]:
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(0, warrior=[3, "Kraal"])
        .command_zone(0, ["Skaa", "kings-hand"])
        .at_bids()
        .build()
    )
    return state_to_dict(s)


def test_r_comp_4_a_hero_owned_twice_is_refused() -> None:
    d = _built_doc()
    d["players"][0]["heroes"].append("kraal")
    with pytest.raises(DocumentError) as info:
        state_from_dict(d)
    assert info.value.path.startswith("players[0].heroes")


def test_r_comp_4_a_hero_owned_by_two_players_is_refused() -> None:
    d = _built_doc()
    d["players"][1]["heroes"].append("skaa")
    with pytest.raises(DocumentError) as info:
        state_from_dict(d)
    assert info.value.path.startswith("players[1].heroes")


def test_r_comp_5_a_distinction_in_two_command_zones_is_refused() -> None:
    d = _built_doc()
    d["players"][1]["command_zone"].append("kings-hand")
    with pytest.raises(DocumentError) as info:
        state_from_dict(d)
    assert info.value.path == "players[1].command_zone[0]"
