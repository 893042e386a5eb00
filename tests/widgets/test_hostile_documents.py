"""A broken or hostile document pasted in the lab or loaded in the game is a sentence in the page.

The lab's paste box (``Lab.json_load``) and the game's Load (``GameApp.load_button``) both reach the
JSON loader: whatever the text, the page shows the loader's sentence naming the field, never a
traceback, never an "unexpected" error, never the whole input.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import nidlib
from widgets.game import GAME_SCHEMA, GameApp
from widgets.lab import Lab


def _state_doc() -> dict[str, Any]:
    s = nidlib.new_game(3, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    return nidlib.state_to_dict(s)


def _text(case: str) -> str:
    d = _state_doc()
    if case == "5000-digit integer":
        return json.dumps(d).replace('"shuffles": 0', '"shuffles": ' + "9" * 5000)
    if case == "deep nesting":
        return json.dumps(d).replace('"discard": []', '"discard": ' + "[" * 50_000 + "]" * 50_000)
    if case == "unicode digit key":
        d["treasury"]["²"] = 1
    elif case == "lone surrogate name":
        d["options"]["names"][0] = d["players"][0]["name"] = "\ud800"
    elif case == "NUL in a name":
        d["options"]["names"][0] = d["players"][0]["name"] = "A\x00na"
    elif case == "automatic task on top":
        d["tasks"].append(["round_end"])
    elif case == "huge string":
        d["taverns"][0][0] = "x" * 200_000
    elif case == "duplicate key":
        return json.dumps(d).replace('"age": ', '"age": 2, "age": ', 1)
    elif case == "saved game with a NUL name":
        return json.dumps({"schema": GAME_SCHEMA, "options": {"players": 2, "names": ["A\x00", "B"]}})
    elif case == "saved game with a 5000-digit seed":
        doc = json.dumps({"schema": GAME_SCHEMA, "options": {"players": 2, "names": ["A", "B"], "seed": 7}})
        return doc.replace('"seed": 7', '"seed": ' + "9" * 5000)
    return json.dumps(d)


CASES = [
    "5000-digit integer",
    "deep nesting",
    "unicode digit key",
    "lone surrogate name",
    "NUL in a name",
    "automatic task on top",
    "huge string",
    "duplicate key",
]


def _assert_sentence(html: str, start: str) -> None:
    assert start in html, html[:300]
    assert "Traceback" not in html
    assert "Something went wrong" not in html
    assert len(html) < 600, "the page never shows the whole input"


@pytest.mark.parametrize("case", CASES)
def test_the_labs_paste_box_shows_the_loaders_sentence(case: str) -> None:
    page = Lab()
    page.json_area.value = _text(case)
    page.json_load.click()
    _assert_sentence(page.error.value, "This position cannot be used")
    assert page.state is None


@pytest.mark.parametrize("case", [*CASES, "saved game with a NUL name", "saved game with a 5000-digit seed"])
def test_the_games_load_shows_the_loaders_sentence(case: str) -> None:
    app = GameApp()
    app.json_area.value = _text(case)
    app.load_button.click()
    _assert_sentence(app.error.value, "This cannot be loaded")
    assert app.controller is None
