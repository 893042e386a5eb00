"""Lesson 9 with Thingvellir (RULES.md A.1), driven from Python: the set-up option, the Camp and the
command zones on the table, every new decision played by the human through the panel (labels in
words in every language, never the text form), bids of four coins after Jarnglofi, a whole game
against bots, saving and loading."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest

import nidlib
from nidlib.core.actions import Action, Pick, Recruit
from nidlib.core.cards import CARDS, CardKind
from nidlib.core.messages import LANGUAGES
from nidlib.core.state import State
from nidlib.tools.bots import random_action
from tests.widgets.gamekit import find_positions, loaded, plays_in_words
from widgets.components import BidPanel, GameTableView
from widgets.game import GameApp, load_game

#: the Thingvellir decisions (RULES.md A.7), Khrad's coin (a transformation after recruiting him,
#: X-TH-HERO-KHRAD-1) and a bid of four coins after Jarnglofi (X-TH-ART-JARNGLOFI-4)
KINDS = (
    "tavern_discard",
    "enlist_order",
    "enlist",
    "vidofnir",
    "take",
    "card_discard",
    "olwyn",
    "holda",
    "mjollnir",
    "khrad",
    "bid4",
    "camp_visit",
)


def _camp_pick(a: Action) -> bool:
    return isinstance(a, Pick) and CARDS[a.card].kind in (CardKind.ARTIFACT, CardKind.MERCENARY)


def _kind(s: State, last: Action | None) -> str | None:
    d = nidlib.decision(s)
    if d is None:
        return None
    if d.kind == "transform" and isinstance(last, Recruit) and last.hero == "khrad":
        return "khrad"
    if d.kind == "bids":
        four = [p for p in d.players if len(s.players[p].coins()) == 4]
        return "bid4" if four else None
    if d.kind == "pick" and any(_camp_pick(a) for a in nidlib.legal_actions(s, d.players[0])):
        return "camp_visit"
    return str(d.kind)


def _choose(s: State, legal: list[Action], rng: random.Random) -> Action:
    """Khrad, Olwyn, Holda or Andumia whenever they may be recruited, the Camp 4 times in 5."""
    heroes = [a for a in legal if isinstance(a, Recruit) and a.hero in ("khrad", "olwyn", "holda", "andumia")]
    if heroes:
        return rng.choice(heroes)
    camp = [a for a in legal if _camp_pick(a)]
    if camp and rng.random() < 0.8:
        return rng.choice(camp)
    return random_action(s, rng)


@cache
def positions() -> dict[str, State]:
    """A real position for each kind: random Thingvellir games (2-5 players) that visit the Camp often."""
    return find_positions(
        KINDS,
        400,
        lambda seed: nidlib.new_game(2 + seed % 4, seed=seed, expansions=("thingvellir",)),
        _kind,
        _choose,
    )


_TEXT_FORM = re.compile(r"\bp\d:|merc\d|[a-z]+-[a-z]+:|\b(enlist|vidofnir|doubles|mjollnir|camp):")


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "bid4"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_new_decision_has_buttons_in_words_and_plays_X_TH(kind: str, lang: str) -> None:
    plays_in_words(positions()[kind], kind, lang, _TEXT_FORM, one_button_each=False)


def test_a_camp_visit_is_offered_apart_from_the_tavern_cards_X_TH_4() -> None:
    s = positions()["camp_visit"]
    app, table = loaded(s)
    panel = table.action_panel
    kids = list(panel.buttons.children)
    headings = [k for k in kids if "nt-action-group" in k._dom_classes]
    assert len(headings) == 1
    assert "Or visit the Camp" in headings[0].value
    after = kids[kids.index(headings[0]) + 1 :]
    camp = [b for a, b in panel.shown if _camp_pick(a)]
    assert camp
    assert all(b in after for b in camp)
    assert all(b.description.startswith("Visit the Camp: take ") for b in camp)
    assert s.camp is not None
    camp_html = table.camp.html.value
    for cid in s.camp.cards:
        assert f'data-card="{cid}"' in camp_html
    camp[0].click()
    c = app.controller
    assert c is not None
    assert c.violation is None
    assert "visited in this tavern" in table.camp.html.value or c.state.tavern != s.tavern


def test_khrads_coin_says_whose_plus_ten_it_is_X_TH_HERO_KHRAD_1() -> None:
    s = positions()["khrad"]
    _, table = loaded(s)
    panel = table.action_panel
    assert "Khrad (your lowest coin, never a trading coin)" in panel.title.value
    assert "+10" in panel.title.value
    legal = {str(a) for a in nidlib.legal_actions(s, panel.player or 0)}
    assert {str(a) for a, b in panel.shown if not b.disabled} == legal
    _, zh = loaded(s, "zh-Hans")
    assert "Khrad（你最小的金币" in zh.action_panel.title.value


def test_bids_of_four_coins_after_jarnglofi_X_TH_ART_JARNGLOFI_4() -> None:
    s = positions()["bid4"]
    app, _ = loaded(s)
    c = app.controller
    assert c is not None

    def panel() -> BidPanel:
        table = app.table_box.children[0]  # hot seat: the table of the seat that bids
        assert isinstance(table, GameTableView)
        return table.bid_panel

    # the seats before the one that owns four coins bid their three lowest coins
    while len(c.state.players[panel().player or 0].coins()) != 4:
        for k, dd in enumerate(panel().taverns):
            dd.value = k
        panel().confirm.click()
        assert c.violation is None
    bids = panel()
    p = bids.player
    assert p is not None
    hand = c.state.players[p].hand
    assert len(hand) == 4
    assert [len(dd.options) for dd in bids.taverns] == [5, 5, 5]  # "choose" and the four coins
    for k, dd in enumerate(bids.taverns):
        dd.value = k
    assert bids.pouch.value.startswith("Pouch (the coin left;")  # one coin, named in words
    bid = bids.bid()
    assert bid is not None
    assert len(bid.pouch) == 1
    bids.confirm.click()
    assert c.violation is None
    assert c.state.players[p].bid_done
    assert str(bid) in [str(a) for _, _, a in c.history[1:]]


def test_the_set_up_form_offers_thingvellir_and_the_table_shows_camp_and_command_zones() -> None:
    app = GameApp()
    assert "Thingvellir" in app.thingvellir.description
    app.players.value = 3
    app.seat_rows[1].kind.value = "random"
    app.seat_rows[2].kind.value = "random"
    app.thingvellir.value = True
    app.start_button.click()
    c = app.controller
    assert c is not None
    assert c.state.options.expansions == ("thingvellir",)
    table = app.table_box.children[0]
    assert isinstance(table, GameTableView)
    assert table.camp.layout.display == ""
    assert table.camp.html.value.count('class="nt-card ') == 5
    # the six new heroes are on offer
    assert 'data-card="olwyn"' in table.heroes.html.value
    # a base game has no Camp
    app.new_button.click()
    app.thingvellir.value = False
    app.start_button.click()
    table = app.table_box.children[0]
    assert isinstance(table, GameTableView)
    assert table.camp.layout.display == "none"


def _human_click(app: GameApp, rng: random.Random, seen: dict[str, int]) -> None:
    """The human's choice through the page: the Camp when it can, a random button otherwise."""
    table = app.table_box.children[0]
    assert isinstance(table, GameTableView)
    c = app.controller
    assert c is not None
    d = nidlib.decision(c.state)
    assert d is not None
    if table.bid_panel.player is not None:
        hand = c.state.players[0].hand
        order = list(range(len(hand)))
        rng.shuffle(order)
        for dd, k in zip(table.bid_panel.taverns, order, strict=False):
            dd.value = k
        table.bid_panel.confirm.click()
        key = "bid4" if len(hand) == 4 else "bids"
        seen[key] = seen.get(key, 0) + 1
        return
    enabled = [(a, b) for a, b in table.action_panel.shown if not b.disabled]
    camp = [(a, b) for a, b in enabled if _camp_pick(a)]
    mercs = [(a, b) for a, b in camp if CARDS[getattr(a, "card", "")].kind is CardKind.MERCENARY]
    _, b = (mercs or camp)[0] if camp else rng.choice(enabled)
    seen[str(d.kind)] = seen.get(str(d.kind), 0) + 1
    if camp:
        seen["camp_visit"] = seen.get("camp_visit", 0) + 1
    b.click()


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_thingvellir_game_against_bots_through_the_panel(players: int) -> None:
    app = GameApp()
    app.players.value = players
    for k in range(1, players):
        app.seat_rows[k].kind.value = "greedy" if k == 1 else "random"
    app.seed.value = 3
    app.thingvellir.value = True
    app.start_button.click()
    c = app.controller
    assert c is not None
    rng = random.Random(players)
    seen: dict[str, int] = {}
    for _ in range(600):
        if c.state.is_over:
            break
        if not app.auto_button.disabled:
            app.auto_button.click()
        else:
            _human_click(app, rng, seen)
        assert c.violation is None
    assert c.state.is_over
    assert seen.get("camp_visit", 0) >= 1, seen  # the human took Camp cards through the panel
    assert seen.get("enlist", 0) >= 1, seen  # ... and enlisted its Mercenaries at the end of an Age
    table = app.table_box.children[0]
    assert isinstance(table, GameTableView)
    assert "The game is over" in app.turn.value
    sheet = app.final_sheet.value
    assert "nt-score-table" in sheet
    owners = [
        p
        for p in c.state.players
        if any(CARDS[x].kind is CardKind.ARTIFACT for x in p.command_zone if x in CARDS)
    ]
    assert (">Artifacts" in sheet) == bool(owners)
    # the saved game loads again, replayed with the expansion
    app.save_button.click()
    doc = json.loads(app.json_area.value)
    assert doc["options"]["expansions"] == ["thingvellir"]
    assert doc["start"] is None  # a new game's start is rebuilt from its options
    history, _, _ = load_game(app.json_area.value)
    assert history[-1][0] == c.state


def test_a_saved_game_with_bad_expansions_names_the_field() -> None:
    app = GameApp()
    doc = {
        "schema": "nidavellir-tutor/game",
        "options": {"players": 2, "names": ["Ana", "Bo"], "seed": 1, "expansions": "thingvellir"},
        "actions": [],
    }
    app.json_area.value = json.dumps(doc)
    app.load_button.click()
    assert "options.expansions" in app.error.value
    doc["options"]["expansions"] = ["valhalla"]  # type: ignore[index]
    app.json_area.value = json.dumps(doc)
    app.load_button.click()
    assert "valhalla" in app.error.value
    assert app.controller is None


@pytest.mark.parametrize("kind", KINDS)
def test_the_hint_names_a_thingvellir_move_in_words(kind: str) -> None:
    s = positions()[kind]
    app, _ = loaded(s, "zh-Hant")
    text = app.hint()
    assert text.startswith("最強的電腦會替")
    assert not _TEXT_FORM.search(text), text
    assert app.hint_action is not None
    assert nidlib.check(s, app.hint_action) is None
