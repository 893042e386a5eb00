"""Meta-tests: rule ids, the message catalogue, parameter labels, standard-library only."""

from __future__ import annotations

import ast
import json
import re
import string
import sys
from dataclasses import fields, replace
from pathlib import Path

import pytest

from zavandor import (
    LANGUAGES,
    Action,
    Auction,
    BankTrade,
    Bid,
    Confidence,
    Event,
    Income,
    MoveKing,
    Params,
    Phase,
    State,
    Trade,
    Upgrade,
    check,
    counts,
    describe,
    new_game,
    render,
    rules,
)
from zavandor.sim import play_game

PACKAGE = Path(__file__).resolve().parents[2] / "zavandor"
TESTS = Path(__file__).resolve().parent
RULE_ID = re.compile(r"Z-[A-Z]+-\d+")


def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((PACKAGE / "locales" / f"{lang}.json").read_text("utf-8"))
    return data


def _test_names() -> list[str]:
    names = []
    for path in TESTS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.append(node.name)
    return names


def test_every_rule_has_a_test_named_after_it() -> None:
    names = _test_names()
    ids = list(rules())
    assert len(ids) == 30
    missing = [
        rid
        for rid in ids
        if not any(re.search(rf"(?:^|_){rid.lower().replace('-', '_')}(?!\d)", n) for n in names)
    ]
    assert not missing, f"name a test test_{missing[0].lower().replace('-', '_')}_..."


def test_every_rule_id_in_the_code_is_in_rules_md_and_every_rule_is_enforced() -> None:
    cited: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        cited |= set(RULE_ID.findall(path.read_text("utf-8")))
    assert cited - set(rules()) == set()
    engine = (PACKAGE / "engine.py").read_text("utf-8")
    assert set(rules()) - set(RULE_ID.findall(engine)) == set(), "every rule is cited where it is enforced"


def test_rules_md_rows_cite_a_source_and_a_confidence() -> None:
    for r in rules().values():
        assert r.confidence in "ABCM"
        assert "AUCTIONS.md §2" in r.source


def test_translations_have_the_same_keys_and_placeholders() -> None:
    en = _catalogue("en")
    fmt = string.Formatter()
    for lang in ("zh-Hant", "zh-Hans"):
        cat = _catalogue(lang)
        assert set(cat) == set(en), lang
        for key, text in en.items():
            assert {f for _, f, _, _ in fmt.parse(text) if f} == {
                f for _, f, _, _ in fmt.parse(cat[key]) if f
            }, key
            if any(c.isalpha() for c in text) and key not in ("list.sep",):
                assert cat[key] != text, f"{lang} {key} is not translated"


def test_every_key_in_the_code_exists_in_english() -> None:
    en = _catalogue("en")
    used: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'"((?:err|ev)\.[a-z-]+)"', path.read_text("utf-8")))
    assert len(used) > 40
    assert used - set(en) == set()


def test_every_event_and_refusal_renders_completely_in_every_language() -> None:
    events: list[Event] = []
    for seed, strategies in ((3, ["threshold", "king", "random", "value"]), (4, ["shading", "random"])):
        play_game(strategies, seed=seed, log=events)
    assert {e.rule for e in events} >= {
        "Z-INC-1",
        "Z-BANK-1",
        "Z-AUC-2",
        "Z-TIE-1",
        "Z-KING-1",
        "Z-UPG-3",
        "Z-END-3",
    }
    refusals = [check(s, a) for s, a in _refusal_positions()]
    for item in [*events, *refusals]:
        assert item is not None
        for lang in LANGUAGES:
            text = item.text(lang)
            assert "{" not in text, text
            assert not text.startswith(("ev.", "err.")), text


def _refusal_positions() -> list[tuple[State, Action]]:
    s = new_game(["Ana", "Bo"], seed=1)
    t = replace(s, phase=Phase.TRADE)
    u = replace(s, phase=Phase.UPGRADE, king=1)
    return [
        (s, Upgrade(0)),
        (t, BankTrade(0, counts(ruby=99, sapphire=1), counts(ruby=50))),
        (t, BankTrade(0, counts(sapphire=3), counts(ruby=1))),
        (t, Auction((Bid.of(ruby=9), Bid()))),
        (t, Auction((Bid(),))),
        (t, Trade(0, 0, counts(), counts())),
        (u, Upgrade(5)),
        (
            replace(
                u, players=(replace(u.players[0], hand=counts(), locked=counts(sapphire=2)), u.players[1])
            ),
            Upgrade(0),
        ),
        (replace(s, phase=Phase.KING, king_mover=1), MoveKing(0, 1)),
        (replace(s, phase=Phase.KING, king_mover=1), MoveKing(1, 3)),
        (replace(s, phase=Phase.OVER), Income()),
    ]


def test_rendering_takes_a_language() -> None:
    assert render("gem.ruby", {}, "zh-Hans") == "红宝石"
    assert render("ev.pay", {"player": "Bo", "cards": {"counts": [0, 0, 3, 0]}}, "en") == (
        "Only the winner pays: Bo discards 3 emeralds."
    )
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        render("gem.ruby", {}, "fr")


def test_every_parameter_has_a_confidence_and_a_source() -> None:
    rows = describe()
    assert [r["name"] for r in rows] == [f.name for f in fields(Params)]
    for f in fields(Params):
        assert isinstance(f.metadata["confidence"], Confidence)
        assert f.metadata["source"]
    p = Params()
    assert p.confidence("bonus_thresholds") is Confidence.SEED
    assert p.confidence("card_threshold") is Confidence.CONFIRMED
    assert p.confidence("deck_mix") is Confidence.ILLUSTRATIVE
    assert replace(p, bonus_vp=5).confidence("bonus_vp") is Confidence.ILLUSTRATIVE  # custom
    assert p.confidence_of(["card_threshold", "bonus_vp"]) is Confidence.SEED
    with pytest.raises(KeyError, match="no field 'gold'"):
        p.confidence("gold")


def test_zavandor_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"zavandor", "__future__"}
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                names = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = {node.module.split(".")[0]}
            else:
                continue
            assert names <= allowed, f"{path.name} imports {names - allowed}"
