"""Idavoll in the message catalogue (RULES.md A.2/A.3; nidlib/locales/<lang>/idavoll.json).

tests/test_catalogue.py plays base games only, and its static scan cannot tell which
``f"myth.{kind}"``, ``f"valkyrie.{id}"`` or ``f"score.myth.{id}"`` keys exist. Here seeded Idavoll games
(alone and with Thingvellir, 2-5 players) render every event, refusal and score line in every language;
the Mythology cards keep their Latin names in every language, like the heroes and the artifacts
(docs/translation.md "Idavoll"), and the Chinese sentences name their kind with the tutor's words
(神獸 / 神祇 / 巨人 / 女武神).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from test_catalogue import (
    CHINESE,
    _problems,
    english,
    expansion_material,
    load,
    rendering_problems,
    score_line_problems,
)

from nidlib.core.actions import Action
from nidlib.core.cards import CARDS, MYTHOLOGY_IDS, CardKind
from nidlib.core.errors import Violation
from nidlib.core.events import Event
from nidlib.core.messages import LANGUAGES, catalogue, render, term
from nidlib.core.state import State
from nidlib.rules.legal import legal_actions

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
GAMES = 32
ID = ("idavoll",)
BOTH = ("thingvellir", "idavoll")
#: the special card that Hreasvelg brings (X-ID-ANIMAL-HREASVELG-1): named like the Mythology cards
IDAVOLL_CARDS = [*MYTHOLOGY_IDS, "gullinbursti"]
#: how each language names a Mythology card's kind (docs/translation.md "Idavoll")
KIND_WORDS = {
    "en": {"animal": "Animal", "god": "God", "giant": "Giant", "valkyrie": "Valkyrie"},
    "zh-Hant": {"animal": "神獸", "god": "神祇", "giant": "巨人", "valkyrie": "女武神"},
    "zh-Hans": {"animal": "神兽", "god": "神祇", "giant": "巨人", "valkyrie": "女武神"},
}


@cache
def material() -> tuple[list[Event], list[Violation], list[State]]:
    """Every event of the games (Idavoll alone on even seeds, with Thingvellir on odd ones), refusals of
    actions tried where they are wrong, final states."""
    return expansion_material(GAMES, lambda seed: (ID if seed % 2 == 0 else BOTH, False), _choose)


def _choose(s: State, rng: random.Random) -> Action:
    """Any legal action, every one equally likely (Frigg, Camp visits, swaps...)."""
    return rng.choice(legal_actions(s))


def test_the_games_cover_idavoll() -> None:
    """The sweep really reaches the expansion's sentences (a silently empty sweep would pass)."""
    events, violations, finals = material()
    keys = {e.key for e in events}
    must = {
        "setup.idavoll",
        "pick.myth",
        "tavern.myth-removed",
        "myth.animal",
        "myth.god",
        "myth.giant",
        "myth.valkyrie",
        "myth.gullinbursti",
        "myth.olrun-class",
        "giant.waiting",
        "giant.capture",
        "giant.face-down",
        "loki.reserve",
        "freya.swap",
        "frigg.use",
        "frigg.keep",
        "odin.exchange",
        "valkyrie.brynhildr",
        "valkyrie.olrun",
        "valkyrie.sigrdrifa",
    }
    assert must <= keys, sorted(must - keys)
    assert {v.key for v in violations if v.rule.startswith("X-ID")}, "no Idavoll refusal in the sweep"
    assert len(finals) == GAMES


def test_every_idavoll_event_and_refusal_is_complete() -> None:
    events, violations, _ = material()
    problems = rendering_problems(events, violations)
    assert not problems, "\n".join(sorted(set(problems))[:60])


def test_x_id_10_every_idavoll_score_line_is_complete() -> None:
    _, _, finals = material()
    problems, keys = score_line_problems(finals)
    assert keys["score.mythology"] >= GAMES
    assert not problems, "\n".join(sorted(set(problems))[:60])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mythology_cards_keep_their_latin_names(lang: str) -> None:
    """Card names stay in Latin letters in every language (Appendix B.5/B.6 keep heroes' and the
    expansions' card names; docs/translation.md "Idavoll"): one name per card, no ``card.<id>`` key."""
    cat = catalogue(lang)
    for cid in IDAVOLL_CARDS:
        assert f"card.{cid}" not in cat, cid
        assert term(f"@card.{cid}", lang) == CARDS[cid].name, cid


@pytest.mark.parametrize("lang", LANGUAGES)
def test_x_id_5_the_sentence_of_a_mythology_card_names_its_kind(lang: str) -> None:
    """``myth.<kind>`` (the key is built from the card's kind) exists, names the card and its kind."""
    for cid in MYTHOLOGY_IDS:
        kind = CARDS[cid].kind
        key = f"myth.{kind.value}"
        assert key in english(), key
        params = {"name": "Ana", "card": f"@card.{cid}", "cls": "@class.warrior"}
        text = render(key, params, lang)
        assert CARDS[cid].name in text, text
        assert KIND_WORDS[lang][kind.value] in text, (lang, text)
        assert not _problems(text, lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_x_id_10_every_scoring_card_has_its_score_term(lang: str) -> None:
    """Each God, Giant and Valkyrie has ``score.myth.<id>`` naming it (the key is built at run time)."""
    scoring = [
        cid for cid in MYTHOLOGY_IDS if CARDS[cid].kind in (CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE)
    ]
    assert len(scoring) == 15
    for cid in scoring:
        text = render(f"score.myth.{cid}", {"n": 2, "points": 16}, lang)
        assert CARDS[cid].name in text, text
        assert "16" in text, text
        assert not _problems(text, lang, cid)


@pytest.mark.parametrize("lang", CHINESE)
def test_idavoll_words_are_one_name_per_thing(lang: str) -> None:
    """The tutor's Idavoll words (docs/translation.md): tokens are 指示物 (zh-Hant, like the seeds'
    寶石交易指示物) / 标记 (zh-Hans); a Valkyrie's track moves by 格; Freya 對調/对调 (交換 is the gems')."""
    token, other = {"zh-Hant": ("指示物", "標記"), "zh-Hans": ("标记", "指示物")}[lang]
    texts = load(lang, "idavoll.json")
    assert token in texts["myth.god"]
    assert token in texts["myth.valkyrie"]
    assert not [k for k, v in texts.items() if other in v]
    assert all("格" in texts[f"valkyrie.{v}"] for v in ("brynhildr", "hildr", "olrun", "sigrdrifa", "svafa"))
    assert "對調" in texts["freya.swap"] or "对调" in texts["freya.swap"]
