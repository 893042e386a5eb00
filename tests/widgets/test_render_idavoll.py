"""widgets.render for Idavoll (RULES.md A.2): the faces of the 20 Mythology cards and Gullinbursti, drawn in
code with text alternatives saying what each does; Animals in their column; Gods, Giants and Valkyries in
the command zone with their tokens; Loki's token on a tavern card; the Mythology deck and reserve counts;
the score sheet's mythology line (X-ID-SCORE-1); the action labels of every Idavoll decision (A.7)."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

import nidlib
from nidlib.core.actions import (
    Action,
    Capture,
    ChooseOlrun,
    Frigg,
    FriggKeep,
    KeepMyth,
    Odin,
    PlaceGullinbursti,
    Reserve,
    Swap,
    Thor,
)
from nidlib.core.cards import CLASSES, GIANTS, MYTHOLOGY_IDS, VALKYRIES
from nidlib.core.messages import LANGUAGES, catalogue
from nidlib.core.state import State
from widgets import render

NEW_CARDS = [*MYTHOLOGY_IDS, "gullinbursti"]


def _aria(html: str) -> str:
    m = re.search(r'aria-label="([^"]*)"', html)
    assert m, html
    return unescape(m.group(1))


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def _game(players: int = 3, seed: int = 4) -> State:
    return nidlib.new_game(players, seed=seed, expansions=("idavoll",))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_mythology_card_has_a_face_and_a_text_alternative_X_ID_1(lang: str) -> None:
    for cid in NEW_CARDS:
        for size in ("sm", "md", "lg"):
            html = render.card_html(cid, size=size, lang=lang)
            assert 'role="img"' in html, cid
            aria = _aria(html)
            for bad in ("{", "ui.", "@"):
                assert bad not in aria, (cid, aria)
                assert bad not in _text(html), (cid, lang)
            assert "<img" not in html  # drawn in code, no artwork
            if lang != "en":
                assert re.search(r"[\u4e00-\u9fff]", aria), (cid, aria)


def test_the_new_keys_exist_in_every_language() -> None:
    keys = {k for k in catalogue("en") if k.startswith(("ui.myth.", "ui.token.", "ui.action.", "ui.card."))}
    for lang in LANGUAGES:
        assert keys <= set(catalogue(lang)), lang


def test_a_gods_face_gives_its_points_and_its_power_X_ID_GOD() -> None:
    html = render.card_html("freya")
    assert "nt-k-god" in html
    assert re.search(r'class="nt-myth-points"[^>]*>15</span>', html)
    assert _aria(html).startswith("God Freya, 15 points. Once in the game, before the bids: swap")
    assert "0 points" in _aria(render.card_html("odin"))


def test_a_giants_face_names_the_class_it_captures_X_ID_GIANT() -> None:
    html = render.card_html("surt")
    assert "nt-k-giant" in html
    assert "nt-giant-prey nt-k-warrior" in html
    assert _aria(html).startswith("Giant Surt, captures a Warrior.")
    assert "3 × its bravery points" in _aria(render.card_html("gymir"))


def test_a_valkyries_face_shows_her_printed_track_X_ID_9() -> None:
    html = render.card_html("hildr")
    assert "nt-k-valkyrie" in html
    assert re.findall(r'<span class="nt-notch">(\d+)</span>', html) == ["0", "8", "16", "0", "0"]
    assert _aria(html).endswith("Points by notch: 0 → 8 → 16 → 0 → 0.")


def test_an_animal_is_drawn_in_its_class_with_its_ranks_X_ID_ANIMAL() -> None:
    garm = render.card_html("garm")
    assert "nt-k-explorer" in garm
    assert "nt-animal" in garm
    assert re.findall(r'class="nt-pip"[^>]*>(\d+)</span>', garm) == ["9", "0"]
    assert _aria(garm).startswith("Animal Garm, Explorer column:")
    boar = render.card_html("gullinbursti", column=CLASSES[2])
    assert "nt-k-miner" in boar
    assert _aria(boar) == "Gullinbursti: 1 Miner rank, 0 bravery points"


def test_animals_and_gullinbursti_stand_in_their_columns_of_the_army_X_ID_5() -> None:
    s = _game()
    p = s.players[0]
    p.columns[0].append("nidhogg")
    p.columns[3].append("hreasvelg")
    p.columns[4].append("garm")
    p.columns[1].append("gullinbursti")
    p.columns[2].append("ratatosk")
    html = render.army_html(p)
    assert html.count('data-card="garm"') == 2  # two Explorer ranks
    assert 'nt-army-cell nt-k-hunter nt-animal" role="img" aria-label="Gullinbursti: 1 Hunter rank' in html
    assert 'nt-k-warrior nt-animal" role="img" aria-label="Animal Nidhogg, Warrior column' in html
    assert "lines 1 vs heroes 0" in _text(html)  # the Animals' ranks make a line (X-ID-5)


def test_the_command_zone_shows_every_token_X_ID_7_X_ID_8_X_ID_9() -> None:
    s = _game()
    part = s.idavoll
    assert part is not None
    p = s.players[1]
    p.command_zone += ["loki", "thor", "freya", "gymir", "surt", "skymir", "hildr", "olrun"]
    giants = [g.id for g in GIANTS]
    part.used = ["thor"]
    part.loki = s.taverns[0][0]
    part.captured[giants.index("gymir")] = "1E9"
    part.captured[giants.index("surt")] = "-"
    part.notches[[v.id for v in VALKYRIES].index("hildr")] = 2
    part.olrun = 3
    html = render.command_zone_html(p, state=s)
    text = _text(html)
    assert "Gods, Giants and Valkyries (8)" in text

    def token(cid: str) -> str:
        """The text of the token shown under ``cid`` (up to the next card of the zone)."""
        part = html.split(f'data-token="{cid}">', 1)[1]
        return _text(part.split('<div class="nt-myth-slot">', 1)[0])

    assert "Token on " + render.card_name(part.loki) in token("loki")
    assert "Power used" in token("thor")
    assert "Power ready" in token("freya")
    assert "Captured Explorer 9" in token("gymir")
    assert 'data-card="1E9"' in html  # the captured card is drawn under its Giant
    assert "Face down: no effect, 0 points" in token("surt")
    assert "Waiting for your next Hunter" in token("skymir")
    assert "Notch 2: 16 points" in token("hildr")
    assert re.search(r'<span class="nt-notch nt-notch-on">16</span>', html)
    assert "Class: Blacksmith" in token("olrun")
    assert "Notch 0: 0 points" in token("olrun")
    zh = _text(render.command_zone_html(p, state=s, lang="zh-Hant"))
    assert "已俘獲" in zh
    assert "神力已使用" in zh
    assert "職業：鐵匠" in zh


def test_lokis_token_lies_on_the_reserved_tavern_card_X_ID_GOD_LOKI_1() -> None:
    s = _game()
    assert s.idavoll is not None
    s.players[2].command_zone.append("loki")
    cid = s.taverns[2][1]
    s.idavoll.loki = cid
    html = render.taverns_html(s)
    marked = html.split('<div class="nt-loki-mark">', 1)[1].split('<div class="nt-card ', 2)
    assert f'data-card="{cid}"' in marked[1]
    assert f"Reserved by Loki for {s.players[2].name}" in _text(marked[1])
    assert html.count("nt-loki-mark") == 1


def test_the_mythology_deck_and_reserve_are_counts_only_X_ID_2() -> None:
    s = _game()
    part = s.idavoll
    assert part is not None
    view = nidlib.view_for(s, 0)
    html = render.mythology_html(view)
    text = _text(html)
    assert f"Mythology deck: {len(part.deck)} cards" in text
    assert f"Reserve beside the Royal Treasure: {len(part.reserve)} cards" in text
    assert "Gullinbursti waits aside" in text
    secret = html.lower().replace("takes hreasvelg", "")  # Gullinbursti's sentence names Hreasvelg
    for cid in MYTHOLOGY_IDS:  # which card is where is secret: no card is named
        assert cid not in secret
    assert render.mythology_html(nidlib.new_game(3, seed=4)) == ""


def test_the_score_sheet_has_the_mythology_line_and_the_animal_bonuses_X_ID_SCORE_1() -> None:
    s = _game()
    p = s.players[0]
    p.columns[0] += ["nidhogg", "1W7"]
    p.columns[4].append("garm")
    p.command_zone += ["freya", "brynhildr"]
    html = render.score_sheet_html(nidlib.final_scores(s), final=False)
    text = _text(html)
    assert "Mythology" in text
    assert "Freya 15" in text
    assert "Nidhogg +2 × 2 ranks = 4" in text
    assert "Garm +1 × 2 ranks = 2" in text
    assert "神話卡" in _text(render.score_sheet_html(nidlib.final_scores(s), final=False, lang="zh-Hant"))


def _labels(s: State, lang: str | None = None) -> dict[str, str]:
    t0, t1 = s.taverns[0][0], s.taverns[1][0]
    actions: list[Action] = [
        Reserve(0, ""),
        Reserve(0, t0),
        Swap(0, ("", "")),
        Swap(0, (t0, t1)),
        Frigg(0, t0),
        FriggKeep(0, "1W7", ("1H1", "1M0")),
        Odin(0, "", ""),
        Odin(0, "grid", "khrad"),
        Thor(0),
        PlaceGullinbursti(0, CLASSES[4]),
        ChooseOlrun(0, CLASSES[0]),
        KeepMyth(0, ("loki", "garm")),
    ]
    return {str(a): render.action_label(a, s, lang=lang) for a in actions}


def test_every_idavoll_action_has_a_label_in_words_A_7() -> None:
    s = _game()
    labels = _labels(s)
    name0 = render.card_name(s.taverns[0][0])
    assert labels["p0:loki:pass"] == "Do not use Loki this round"
    assert labels[f"p0:loki:{s.taverns[0][0]}"] == f"Loki: reserve {name0} (Laughing Goblin)"
    assert labels["p0:freya:pass"] == "Do not use Freya this round"
    assert labels[f"p0:freya:{s.taverns[0][0]},{s.taverns[1][0]}"].startswith(
        f"Freya: swap {name0} (Laughing Goblin) with "
    )
    assert (
        labels[f"p0:frigg:{s.taverns[0][0]}"] == f"Frigg: put {name0} back and draw 3 cards of the Age deck"
    )
    assert labels["p0:frigg-keep:1W7/1H1,1M0"] == (
        "Keep Warrior 7; to the bottom of the deck, lowest first: Hunter and Miner 0"
    )
    assert labels["p0:odin:grid/khrad"] == "Odin: give back Grid, recruit Khrad"
    assert labels["p0:thor:cancel"] == "Thor: cancel this discard"
    assert labels["p0:gullinbursti:explorer"] == "Gullinbursti in Explorer"
    assert labels["p0:olrun:warrior"] == "Ölrun's class: Warrior (ranks now: 0)"
    assert labels["p0:skymir:loki,garm"] == "Keep Loki and Garm"
    for lang in LANGUAGES:
        for text, label in _labels(s, lang).items():
            assert text not in label
            assert not re.search(r"\bp\d:|\{|ui\.|@", label), label
            if lang != "en":
                assert re.search(r"[\u4e00-\u9fff]", label), (text, label)


def test_a_capture_label_names_the_giant_and_the_dwarf_X_ID_8() -> None:
    for seed in range(60):
        s = nidlib.new_game(2, seed=seed, expansions=("idavoll",))
        rng = random.Random(seed)
        while not s.is_over:
            d = nidlib.decision(s)
            assert d is not None
            if d.kind == "capture":
                card = str(d.params["card"])
                yes = render.action_label(Capture(d.players[0], True), s)
                no = render.action_label(Capture(d.players[0], False), s)
                name = render.card_name(card)
                assert re.fullmatch(rf"(Gymir|Hrungnir|Skymir|Surt|Thrivaldi) captures {name}", yes), yes
                giant = yes.split()[0]
                assert no == f"Put {name} in your army ({giant} turns face down)"
                return
            s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s, d.players[0])))
    raise AssertionError("no capture in 60 random games")
