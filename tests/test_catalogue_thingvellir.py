"""Thingvellir in the message catalogue (RULES.md A.1; nidlib/locales/<lang>/thingvellir.json).

tests/test_catalogue.py plays base games only, and its static scan cannot tell which
``f"artifact.{cid}"`` keys exist. Here seeded Thingvellir games (2-5 players, a chooser that
visits the Camp whenever it may, X-TH-4) render every event, refusal and score line in every
language; every decision kind, artifact, Mercenary and new hero has its words; the Mercenaries'
names agree with their card data (X-TH-10). (The card faces' texts, ``ui.artifact.*``,
``ui.hero.*``, are the game's: nidlib/locales/<lang>/ui-thingvellir.json.)
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from test_catalogue import (
    CHINESE,
    _problems,
    english,
    expansion_material,
    rendering_problems,
    score_line_problems,
)

import nidlib
from nidlib.core.actions import Action
from nidlib.core.cards import (
    ARTIFACTS,
    CARDS,
    DOUBLES,
    MERCENARIES,
    Artifact,
    DwarfClass,
)
from nidlib.core.coins import ROYAL
from nidlib.core.errors import Violation
from nidlib.core.events import Event
from nidlib.core.messages import LANGUAGES, catalogue, render, term
from nidlib.core.state import State
from nidlib.core.tasks import BidsDue, DecisionKind, PickDue
from nidlib.rules.scoring import artifact_terms
from nidlib.tools.bots import random_action

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
GAMES = 40


def _choose(s: State, rng: random.Random) -> Action:
    """A random legal action; a Camp card whenever one may be taken (X-TH-4), 3 times in 5."""
    top = s.tasks[-1]
    if type(top) is PickDue and s.camp is not None and s.camp.cards and rng.random() < 0.6:
        camp = [a for a in nidlib.legal_actions(s) if getattr(a, "card", None) in s.camp.cards]
        if camp:
            return rng.choice(camp)
    if type(top) is BidsDue:
        for i, p in enumerate(s.players):
            if not p.bid_done:
                if len(p.hand) != 5:  # four coins after Jarnglofi (X-TH-ART-JARNGLOFI-4)
                    return rng.choice([a for a in nidlib.legal_actions(s) if a.player == i])
                break
    return random_action(s, rng)


@cache
def material() -> tuple[list[Event], list[Violation], list[State]]:
    """Every event of the games, refusals of actions tried where they are wrong, final states."""
    return expansion_material(GAMES, lambda seed: (("thingvellir",), False), _choose)


def test_the_games_cover_thingvellir() -> None:
    """The sweep really reaches the expansion's sentences (a silently empty sweep would pass)."""
    events, violations, finals = material()
    keys = {e.key for e in events if e.rule.startswith("X-TH")}
    must = {
        "setup.thingvellir",
        "camp.refill",
        "camp.clear",
        "camp.visit",
        "camp.mercenary",
        "camp.tavern-discard",
        "enlist.start",
        "enlist.order",
        "enlist.card",
        "take.card",
        "jarnglofi.discard",
        "mjollnir.class",
        "recruit.megingjord",
        "discard.card",
        "tavern.discard",
    }
    must |= {f"artifact.{a.value}" for a in Artifact}
    assert must <= keys, sorted(must - keys)
    assert len({v.key for v in violations if v.rule.startswith("X-TH")}) >= 4, {v.key for v in violations}
    assert len(finals) == GAMES


def test_every_thingvellir_event_and_refusal_is_complete() -> None:
    events, violations, _ = material()
    problems = rendering_problems(events, violations)
    assert not problems, "\n".join(sorted(set(problems))[:60])


def test_every_thingvellir_score_line_is_complete() -> None:
    _, _, finals = material()
    problems, keys = score_line_problems(finals)
    assert keys["score.artifacts"] >= 10
    assert not problems, "\n".join(sorted(set(problems))[:60])


def test_every_scoring_artifact_has_its_score_term() -> None:
    """X-TH-SCORE-1: each artifact that scores has ``score.artifact.<id>`` in every language."""
    coins = [ROYAL[15], ROYAL[20]]
    terms = artifact_terms([[], [], [], [], []], [a.value for a in Artifact], coins, [1, 2, 3, 4, 5])
    assert {cid for cid, _n, _pts in terms} == {
        "draupnir",
        "svalinn",
        "megingjord",
        "mjollnir",
        "hrafnsmerki",
        "jarnglofi",
    }
    for cid, n, pts in terms:
        for lang in LANGUAGES:
            text = render(f"score.artifact.{cid}", {"n": n, "points": pts}, lang)
            assert str(pts) in text, (lang, text)
            assert not _problems(text, lang, cid)


#: PAUSED is no decision (nobody acts): a paused position answers with err.paused instead
@pytest.mark.parametrize("kind", [k.value for k in DecisionKind if k is not DecisionKind.PAUSED])
def test_every_decision_kind_has_a_name(kind: str) -> None:
    """``@decision.<kind>`` names what the game waits for (err.wrong-action, err.not-your-turn)."""
    assert f"decision.{kind}" in english()
    for lang in LANGUAGES:
        text = term(f"@decision.{kind}", lang)
        assert text, lang
        assert not _problems(text, lang, kind)
    for lang in CHINESE:
        assert catalogue(lang)[f"decision.{kind}"] != english()[f"decision.{kind}"]


def _option(cls: DwarfClass, bp: int, lang: str) -> str:
    """ "Warrior 6" / "Hunter": a Mercenary's class as printed; hunters and blacksmiths have no BP."""
    name = catalogue(lang)[f"class.{cls.value}"]
    return name if cls in (DwarfClass.HUNTER, DwarfClass.BLACKSMITH) else f"{name} {bp}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mercenary_names_and_texts_follow_the_card_data(lang: str) -> None:
    """X-TH-10: a Mercenary's name gives exactly its two classes and their BP."""
    cat = catalogue(lang)
    for m in MERCENARIES:
        (c1, bp1), (c2, bp2) = m.options
        a, b = _option(c1, bp1, lang), _option(c2, bp2, lang)
        both = re.compile(rf"(?<![A-Za-z0-9]){re.escape(a)}(?!\d)\W*(?:or|或)\W*{re.escape(b)}(?!\d)")
        assert both.search(cat[f"card.{m.id}"]), (cat[f"card.{m.id}"], a, b)
        assert term(f"@card.{m.id}", lang) == cat[f"card.{m.id}"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_camp_card_has_its_words(lang: str) -> None:
    """Every artifact has the event that says what it does when taken (X-TH-11; the key is built
    as ``f"artifact.{cid}"``, which the static scan cannot check) and names it; the doubles are
    Olwyn's (X-TH-HERO-OLWYN-1); Chinese names are translated."""
    cat = catalogue(lang)
    for a in ARTIFACTS:
        assert f"artifact.{a.id}" in cat, a.id
        text = render(f"artifact.{a.id}", {"name": "Ana"}, lang)
        assert CARDS[a.id].name.split()[0] in text, text
        assert not _problems(text, lang, a.id)
    for d in DOUBLES:
        assert "Olwyn" in term(f"@card.{d.id}", lang)
    if lang != "en":
        for key in ("card.merc0", "card.olwyn-double-1", "score.artifacts"):
            assert cat[key] != english()[key], key


def _refs(value: object) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [v for v in items if isinstance(v, str) and v.startswith("@")]


def _exists(ref: str) -> bool:
    kind, _, ident = ref[1:].partition(".")
    return ref[1:] in english() or (kind == "card" and ident in CARDS) or (kind == "coin" and ident.isdigit())


def test_every_term_an_event_names_exists() -> None:
    """An ``@term`` parameter names a catalogue entry: an unknown one renders as bare text
    (``"later.0"``), which the checks of rendered text cannot see. Jarnglofi's ``where`` is
    checked by the next test."""
    events, violations, _ = material()
    bad = {
        f"{item.key}: {name}={ref}"
        for item in [*events, *violations]
        for name, value in item.params.items()
        if not (item.key == "jarnglofi.discard" and name == "where")
        for ref in _refs(value)
        if not _exists(ref)
    }
    assert not bad, sorted(bad)


def test_x_th_art_jarnglofi_2_says_where_the_trading_coin_was() -> None:
    events, _, _ = material()
    wheres = [e.params["where"] for e in events if e.key == "jarnglofi.discard"]
    if not wheres:
        raise LookupError("no Jarnglofi in the games: the check would be vacuous")
    assert all(_exists(w) for w in wheres), sorted(set(wheres))


def test_x_th_hero_zolkur_1_and_jarika_1_the_trade_sentence_is_true() -> None:
    events, _, _ = material()
    trades = [e for e in events if e.key.startswith("trade.start")]
    zolkur = [e for e in trades if e.params["high"] < e.params["low"]]  # the lower coin is discarded
    jarika = [e for e in trades if e.params["total"] == e.params["a"] + e.params["b"] + 2]
    if not zolkur or not jarika:
        raise LookupError("no trade with Zolkur or Jarika in the games: the check would be vacuous")
    assert all("zolkur" in e.key for e in zolkur), [e.text() for e in zolkur[:2]]
    assert all("jarika" in e.key for e in jarika), [e.text() for e in jarika[:2]]
