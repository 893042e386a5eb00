"""JSON documents: exact round trip, and a loader that refuses bad documents naming the field."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from zavandor import DocumentError, Gem, Hall, Params
from zavandor.serialize import from_dict, from_json, to_dict, to_json
from zavandor.sim import play_game


def _states() -> list[Any]:
    _, states = play_game(["threshold", "king", "value"], seed=5)
    custom = Params(deck_mix=((1, 1, 1, 1),) * 4, king_path=(Hall(Gem.RUBY, 1, (1,)), Hall(Gem.RUBY, 1, ())))
    _, more = play_game(["random", "shading"], seed=6, params=custom)
    return states + more


def test_round_trip_is_exact_for_every_state_of_whole_games() -> None:
    states = _states()
    assert len(states) > 3
    for s in states:
        assert from_dict(to_dict(s)) == s
        assert from_json(to_json(s)) == s
        assert json.loads(to_json(s)) == to_dict(s)


def test_round_trip_keeps_mid_round_phases() -> None:
    from zavandor import Auction, Bid, Income, apply, new_game

    s = new_game(["Ana", "Bo"], seed=2)
    s, _ = apply(s, Income())
    s, _ = apply(s, Auction((Bid(), Bid(s.players[1].hand))))
    assert s.phase == "king"
    assert s.players[0].hand != s.players[1].hand
    assert from_json(to_json(s, indent=2)) == s


def _doc() -> dict[str, Any]:
    _, states = play_game(["threshold", "king"], seed=9)
    return to_dict(states[1])


@pytest.mark.parametrize(
    ("path", "value", "field", "problem"),
    [
        (["schema"], "other", "schema", "expected"),
        (["version"], 2, "version", "reads version 1"),
        (["players", 1, "hand"], [1, 2, 3], "players[1].hand", "expected 4 items"),
        (["players", 0, "hand", 2], -1, "players[0].hand[2]", "out of range"),
        (["players", 0, "hand", 2], "3", "players[0].hand[2]", "whole number"),
        (["players", 1, "family"], 9, "players[1].family", "out of range"),
        (["players", 0, "improvements"], ["opal"], "players[0].improvements[0]", "unknown gem"),
        (["players", 0, "upgraded"], 1, "players[0].upgraded", "true or false"),
        (["phase"], "auction", "phase", "unknown phase"),
        (["start"], 5, "start", "out of range"),
        (["king"], 99, "king", "out of range"),
        (["king_mover"], 0, "king_mover", "phase 'king'"),
        (["king_trail"], [0, 1], "king_trail", "must end with"),
        (["params", "deck_mix", 2], [0, 0, 0, 0], "params.deck_mix[2]", "at least one gem"),
        (["params", "card_tier", 1], 7, "params.card_tier[1]", "out of range"),
        (["params", "empty_row_bonus"], "both", "params.empty_row_bonus", "'add' or 'replace'"),
        (["params", "king_path", 0, "exits", 0], 40, "params.king_path[0].exits[0]", "out of range"),
        (["lots", 0, "winner"], 7, "lots[0].winner", "out of range"),
        (["bids", 0, "vp_instead"], ["ruby", "jade"], "bids[0].vp_instead[1]", "unknown gem"),
    ],
)
def test_loader_rejects_bad_documents_naming_the_field(
    path: list[Any], value: Any, field: str, problem: str
) -> None:
    doc = _doc()
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(DocumentError) as info:
        from_dict(doc)
    assert info.value.path == field
    assert problem in info.value.problem


@pytest.mark.parametrize("missing", ["seed", "rows", "players", "params"])
def test_loader_names_a_missing_field(missing: str) -> None:
    doc = _doc()
    del doc[missing]
    with pytest.raises(DocumentError, match=f"^{missing}: missing field"):
        from_dict(doc)


def test_loader_rejects_unknown_parameters_and_bad_json() -> None:
    doc = copy.deepcopy(_doc())
    doc["params"]["deck_size"] = 112
    with pytest.raises(DocumentError, match=r"^params\.deck_size: unknown parameter"):
        from_dict(doc)
    with pytest.raises(DocumentError, match="not valid JSON"):
        from_json("{")
    with pytest.raises(DocumentError, match="expected 2-4 players"):
        from_dict({**_doc(), "players": []})
