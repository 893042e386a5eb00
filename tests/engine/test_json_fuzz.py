"""Property-based tests of the JSON state loader (Hypothesis) over real positions of seeded games.

Every mutated document (a changed value or type, a deleted or duplicated key or item, swapped
cards, a task pushed, dropped or changed, a huge integer, deep nesting, a unicode digit, a lone
surrogate...) is either refused with a ``DocumentError`` naming the field, or gives a state that
plays on to the end with random legal actions, every state on the way saving and loading again
(tests/engine/jsonfuzz.py; ``bench/fuzz_json.py`` runs the big version).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonfuzz import DOC_MUTATIONS, MUTATIONS, TEXT_ATTACKS, corpus, judge, mutate, play_on

import nidlib
from nidlib import DocumentError
from nidlib.core.serialize import MAX_DEPTH, MAX_DOCUMENT_CHARS, state_to_dict
from nidlib.rules.load import state_from_dict

CORPUS = corpus(games_per_count=1, every=9)
FUZZ = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _doc(players: int = 3, seed: int = 4, stop: int = 40) -> dict[str, Any]:
    s = nidlib.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(stop):
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    return state_to_dict(s)


def _refused(doc: Any) -> DocumentError:
    with pytest.raises(DocumentError) as info:
        state_from_dict(doc)
    return info.value


def _refused_text(text: str) -> DocumentError:
    with pytest.raises(DocumentError) as info:
        nidlib.from_json(text)
    assert len(str(info.value)) < 300, "an error message never quotes the whole input"
    return info.value


def test_the_corpus_is_real_positions_of_2_to_5_players_that_load() -> None:
    assert {d["options"]["players"] for d in CORPUS} == {2, 3, 4, 5}
    assert len(CORPUS) > 60
    for d in CORPUS:
        assert state_to_dict(state_from_dict(d)) == d


@FUZZ
@given(st.sampled_from(range(len(CORPUS))), st.sampled_from(MUTATIONS), st.integers(0, 2**32))
def test_r_flow_2_a_mutated_document_is_refused_or_plays_on_to_the_end(
    doc: int, kind: str, seed: int
) -> None:
    rng = random.Random(seed)
    verdict = judge(mutate(CORPUS[doc], kind, rng), rng)
    assert verdict.outcome in ("refused", "accepted"), verdict


@FUZZ
@given(st.sampled_from(range(len(CORPUS))), st.sampled_from(TEXT_ATTACKS), st.integers(0, 2**32))
def test_huge_numbers_deep_nesting_unicode_digits_and_surrogates_are_document_errors(
    doc: int, kind: str, seed: int
) -> None:
    rng = random.Random(seed)
    text = mutate(CORPUS[doc], kind, rng)
    verdict = judge(text, rng)
    assert verdict.outcome in ("refused", "accepted"), verdict
    if verdict.outcome == "refused":
        with pytest.raises(DocumentError) as info:
            nidlib.from_json(text)
        assert len(str(info.value)) < 300


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(sorted(nidlib.CARDS)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(st.sampled_from(range(len(CORPUS))), st.data())
def test_any_json_value_anywhere_is_refused_or_plays_on(doc: int, data: st.DataObject) -> None:
    d = json.loads(json.dumps(CORPUS[doc]))
    node: Any = d
    path: list[Any] = []
    while isinstance(node, dict | list) and node and data.draw(st.booleans(), label="deeper"):
        key = data.draw(st.sampled_from(list(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        node = node[key]
    value = data.draw(_JSON, label="value")
    if not path:
        d = value
    else:
        parent: Any = d
        for k in path[:-1]:
            parent = parent[k]
        parent[path[-1]] = value
    try:
        s = state_from_dict(d)
    except DocumentError:
        return
    if s.viewer is None:
        verdict = play_on(s, random.Random(doc))
        assert verdict.outcome == "accepted", verdict


# --- each check of the loader, on one broken input ---------------------------------------------------


def test_a_5000_digit_integer_is_a_document_error_not_a_value_error() -> None:
    text = json.dumps(_doc()).replace('"shuffles": 0', '"shuffles": ' + "9" * 5000)
    e = _refused_text(text)
    assert "5000 digits" in e.problem


def test_deep_nesting_is_refused_before_parsing() -> None:
    text = json.dumps(_doc()).replace('"discard": []', '"discard": ' + "[" * 100_000 + "]" * 100_000)
    e = _refused_text(text)
    assert f"deeper than {MAX_DEPTH}" in e.problem


def test_a_document_over_the_size_cap_is_refused() -> None:
    d = _doc()
    d["options"]["names"][0] = "x" * MAX_DOCUMENT_CHARS
    e = _refused_text(json.dumps(d))
    assert "at most 1,000,000" in e.problem


def test_a_key_written_twice_is_refused() -> None:
    text = json.dumps(_doc()).replace('"age": ', '"age": 2, "age": ', 1)
    assert _refused_text(text).path == "age"


def test_unicode_digits_in_a_treasury_key_are_refused() -> None:
    d = _doc()
    d["treasury"]["²"] = 1
    assert _refused(d).path == "treasury.\\xb2"
    d = _doc()
    d["treasury"]["05"] = d["treasury"].pop("5")
    assert _refused(d).path == "treasury.05"
    d = _doc()  # a document built in Python: a key that is not even a string
    d["treasury"][5] = d["treasury"].pop("5")
    assert _refused(d).path == "treasury.5"


@pytest.mark.parametrize("name", ["Ana\x00", "\ud800", "", "   ", "x" * 41, "a\u2028b"])
def test_a_name_with_a_control_character_or_lone_surrogate_is_refused(name: str) -> None:
    d = _doc()
    d["options"]["names"][1] = name
    d["players"][1]["name"] = name
    e = _refused(d)
    assert e.path == "options.names[1]"
    assert len(str(e)) < 200


def test_a_player_name_differs_from_the_options() -> None:
    d = _doc()
    d["players"][2]["name"] = "Zed"
    assert _refused(d).path == "players[2].name"


def test_an_unknown_field_is_refused() -> None:
    d = _doc()
    d["players"][0]["coins"] = []
    assert _refused(d).path == "players[0].coins"


def test_r_flow_2_an_automatic_task_on_top_is_refused() -> None:
    d = _doc()
    d["tasks"].append(["round_end"])
    e = _refused(d)
    assert "runs by itself" in e.problem


def test_r_flow_3_a_round_beyond_the_age_deck_is_refused() -> None:
    d = _doc(stop=15)  # round 2 of Age I, 3 players: 18 cards left, two more rounds
    assert (d["round"], len(d["decks"]["1"])) == (2, 18)
    d["round"] = 3
    e = _refused(d)
    assert e.path == "round"
    assert "R-FLOW-3" in e.problem


def test_r_order_1_the_players_to_pick_follow_the_pick_order() -> None:
    s = nidlib.new_game(3, seed=9)
    rng = random.Random(9)
    while nidlib.decision(s).kind != "pick":
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    d = state_to_dict(s)
    d["tasks"][-1], d["tasks"][-3] = d["tasks"][-3], d["tasks"][-1]
    assert _refused(d).path.startswith("tasks[")
    d = state_to_dict(s)
    d["order"].reverse()
    assert _refused(d).path == "order"


def test_r_enter_1_a_hero_in_a_tavern_is_refused() -> None:
    # found by bench/fuzz_json.py: Aegur moved from the display into a tavern was picked into an army
    d = _doc(stop=15)
    d["heroes_available"].remove("aegur")
    d["taverns"][1].append("aegur")
    assert _refused(d).path == "taverns[1][3]"


def test_r_eval_4_a_distinction_before_its_evaluation_is_refused() -> None:
    d = _doc()
    d["players"][0]["command_zone"].append("kings-hand")
    assert _refused(d).path == "players[0].command_zone"


def test_r_bid_1_coins_must_be_where_the_moment_puts_them() -> None:
    s = nidlib.new_game(2, seed=3)
    d = state_to_dict(s)  # the bids: every coin in hand
    d["players"][0]["slots"][0] = d["players"][0]["hand"].pop()
    assert _refused(d).path == "players[0]"


@pytest.mark.parametrize("kind", DOC_MUTATIONS)
def test_each_mutation_kind_is_exercised(kind: str) -> None:
    """The mutations change the document (so the properties above test something)."""
    rng = random.Random(1)
    changed = sum(mutate(CORPUS[k], kind, rng) != json.dumps(CORPUS[k]) for k in range(20))
    assert changed >= 10
