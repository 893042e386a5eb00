"""Lesson 7, final scoring: the score-sheet editor and worked examples.

The editor reads and writes the ``nidlib score`` JSON format (docs/score-sheet.md); every number,
formula, winner and error message comes from :mod:`nidlib.tools.scoresheet` and :mod:`nidlib.rules.scoring`.
"""

from __future__ import annotations

import copy
import json
import re
from html import escape
from typing import TYPE_CHECKING, Any

from nidlib.core.cards import CLASSES
from nidlib.rules.scoring import ScoreTable
from nidlib.tools.scoresheet import SheetError, score_sheet
from widgets import browser_store
from widgets.lessons.page import Page, live
from widgets.render import score_sheet_html, t

if TYPE_CHECKING:
    import ipywidgets as w

STEM = "07-final-scoring"

#: Loadable example sheets (rule ids of RULES.md §14.5 where they illustrate an edge case).
EXAMPLES: dict[str, dict[str, Any]] = {
    "ec51": {
        "players": [
            {
                "name": "Ana",
                "army": {
                    "warrior": [3, 6, 9, "Tarah"],
                    "hunter": [0, 0, 0, 0, "Aral"],
                    "miner": [0, 1, 2],
                    "blacksmith": [0, 0, 0, 0, 0],
                    "explorer": [5, 8, 11],
                },
                "command_zone": ["Skaa", "Crown Jeweler"],
                "coins": [0, 4, 9, 13, 20],
                "gem": 6,
            },
            {
                "name": "Bo",
                "army": {
                    "warrior": [4, 5],
                    "hunter": [0],
                    "miner": [0, 1],
                    "blacksmith": [0, 0],
                    "explorer": [6, 7, 9],
                },
                "command_zone": [],
                "coins": [0, 2, 3, 4, 5],
                "gem": 5,
            },
        ]
    },
    "ec52": {
        "players": [
            {
                "name": "Ana",
                "army": {
                    "warrior": [4, 5, 7, 8],
                    "hunter": [0, 0, 0, 0],
                    "miner": [0, 1, 1, 2],
                    "blacksmith": [0, 0, 0, 0],
                    "explorer": [6, 9, 10, "Idunn"],
                },
                "command_zone": ["Dwerg", "Dwerg", "Astrid"],
                "coins": [0, 3, 5, 11, 18],
                "gem": 4,
            },
            {
                "name": "Bo",
                "army": {
                    "warrior": [3, 6, 9, 10],
                    "hunter": [0, 0],
                    "miner": [2],
                    "blacksmith": [0, 0, 0],
                    "explorer": [5, 7],
                },
                "command_zone": ["Skaa"],
                "coins": [0, 2, 4, 5, 14],
                "gem": 3,
            },
        ]
    },
    "ec48": {
        "players": [
            {
                "name": "Ana",
                "army": {"warrior": [3, 4, 5], "hunter": [0, 0], "miner": [1], "explorer": [8]},
                "command_zone": [],
                "coins": [0, 2, 5, 9, 20],
                "gem": 5,
            },
            {
                "name": "Bo",
                "army": {"warrior": [6, "Kraal"], "miner": [0, 2], "blacksmith": [0, 0]},
                "command_zone": [],
                "coins": [0, 3, 4, 7, 11],
                "gem": 4,
            },
            {
                "name": "Cy",
                "army": {"warrior": [8, 9], "hunter": [0, 0, 0], "explorer": [10, 12]},
                "command_zone": [],
                "coins": [0, 2, 3, 5, 6],
                "gem": 3,
            },
        ]
    },
    "ec49": {
        "players": [
            {
                "name": "Ana",
                "army": {
                    "warrior": [5, 6, 7],
                    "hunter": [0],
                    "miner": [1, 2],
                    "blacksmith": [0],
                    "explorer": [9],
                },
                "command_zone": ["Astrid"],
                "coins": [0, 3, 4, 5, 25],
                "gem": 5,
            },
            {
                "name": "Bo",
                "army": {
                    "warrior": [10, 9],
                    "hunter": [0, 0],
                    "miner": [1],
                    "blacksmith": [0, 0],
                    "explorer": [11, 12],
                },
                "command_zone": ["Skaa"],
                "coins": [0, 2, 4, 10, 14],
                "gem": 4,
            },
        ]
    },
    "dwerg": {
        "players": [
            {
                "name": "Ana",
                "army": {"warrior": [3], "hunter": [0], "miner": [1], "blacksmith": [0], "explorer": [5]},
                "command_zone": ["Dwerg Ymir", "Dwerg Aesir", "Dwerg Sigmir"],
                "coins": [0, 2, 3, 4, 5],
                "gem": 5,
            },
            {
                "name": "Bo",
                "army": {"warrior": [4, 6], "hunter": [0], "miner": [2], "blacksmith": [0], "explorer": [6]},
                "command_zone": ["Dwerg Jungir", "Dwerg Bergelmir"],
                "coins": [0, 2, 3, 4, 6],
                "gem": 4,
            },
        ]
    },
    "gem6": {
        "players": [
            {
                "name": "Ana",
                "army": {"warrior": [5, 6], "hunter": [0, 0], "miner": [0, 1, 2], "explorer": [7]},
                "command_zone": ["Crown Jeweler"],
                "coins": [0, 3, 4, 7, 9],
                "gem": 6,
            },
            {
                "name": "Bo",
                "army": {"warrior": [7, 6], "hunter": [0, 0], "miner": [1, 2], "explorer": [8]},
                "command_zone": [],
                "coins": [0, 2, 4, 8, 10],
                "gem": 5,
            },
        ]
    },
    "mistake": {
        "players": [
            {
                "name": "Ana",
                "army": {"warrior": [3, 11], "explorer": [5]},
                "command_zone": ["Skaa"],
                "coins": [0, 2, 3, 4, 5],
                "gem": 5,
            },
            {
                "name": "Bo",
                "army": {"warrior": [4], "hunter": [0]},
                "command_zone": [],
                "coins": [0, 2, 3, 4, 5],
                "gem": 4,
            },
        ]
    },
}

#: A score sheet lists 1 to 5 players (R-SETUP-6).
MAX_PLAYERS = 5
#: Where the "add" control puts a card: the five columns, then the command zone.
PLACES: tuple[str, ...] = (*(c.value for c in CLASSES), "command_zone")


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


def sheet_text(data: object) -> str:
    """A sheet as readable JSON: one line per player field, one line per army column."""
    if not (isinstance(data, dict) and set(data) == {"players"} and isinstance(data["players"], list)):
        return json.dumps(data, ensure_ascii=False, indent=2)
    blocks = []
    for p in data["players"]:
        if not isinstance(p, dict):
            blocks.append("  " + json.dumps(p, ensure_ascii=False))
            continue
        fields = []
        for key, value in p.items():
            if key == "army" and isinstance(value, dict) and value:
                cols = ",\n            ".join(
                    f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()
                )
                fields.append(f'"army": {{{cols}}}')
            else:
                fields.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
        blocks.append("  {" + ",\n   ".join(fields) + "}")
    return '{"players": [\n' + ",\n".join(blocks) + "\n]}"


_PATH = re.compile(r"players\[(\d+)\](?:\.(army)\.(\w+)|\.(\w+))?(?:\[(\d+)\])?")


def where_text(path: str, data: object) -> str:
    """A sheet field path such as ``players[0].army.warrior[3]`` as a learner reads it.

    ``"Ana, Warrior column, card 4"``; a path this cannot read is returned as it is.
    """
    m = _PATH.fullmatch(path)
    if m is None:
        return t("lesson07.where.players") if path == "players" else path
    k, army, cls, field, item = m.groups()
    player = None
    if isinstance(data, dict) and isinstance(data.get("players"), list) and int(k) < len(data["players"]):
        player = data["players"][int(k)]
    name = player.get("name") if isinstance(player, dict) else None
    who = name if isinstance(name, str) and name.strip() else t("lesson07.where.player", n=int(k) + 1)
    if army:
        place = t(f"lesson07.place.{cls}") if cls in PLACES else cls
    elif field in ("command_zone", "coins", "gem", "name"):
        place = t(f"lesson07.where.{field}")
    elif field:
        place = field
    else:
        return who
    if item is not None:
        noun = "coin" if field == "coins" else "card"
        return t(
            "lesson07.where.item", who=who, place=place, item=t(f"lesson07.where.{noun}", n=int(item) + 1)
        )
    return t("lesson07.where.field", who=who, place=place)


def _readable_paths(text: str, data: object) -> str:
    """Every field path inside a sentence (``also at players[0].command_zone[0]``) made readable."""
    return _PATH.sub(lambda m: where_text(m.group(0), data), text)


def score_text(text: str) -> tuple[ScoreTable | None, str | None]:
    """Score a sheet written as JSON text: (table, None) or (None, the learner's error sentence)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return None, t("lesson07.json-error", error=e.msg, line=e.lineno, col=e.colno)
    try:
        return score_sheet(data), None
    except SheetError as e:
        problem = _readable_paths(e.problem_text(), data)
        if e.path:
            return None, t("lesson07.sheet-error.path", where=where_text(e.path, data), problem=problem)
        return None, t("lesson07.sheet-error", problem=problem)


def result_html(text: str) -> str:
    """The score sheet of ``text``, or nidlib's message when the sheet is impossible."""
    table, error = score_text(text)
    if table is None:
        return (
            f'<div class="nt-panel nt-sheet-error" role="alert"><b>{escape(t("lesson07.error-title"))}</b>'
            f"<p>{escape(error or '')}</p></div>"
        )
    return f'<div class="nt-sheet-result">{score_sheet_html(table)}</div>'


def example_sheet(key: str) -> dict[str, Any]:
    """A copy of one example sheet."""
    return copy.deepcopy(EXAMPLES[key])


KEPT_KEY = "nidavellir-tutor/lesson07/sheet"  # the browser storage key (not a catalogue key)
"""The editor's sheet in the browser's storage (the same in every language)."""


class SheetEditor:
    """Text area with a sheet, simple controls that edit it, and the score sheet it gives.

    ``widget`` is the box to display. Every control edits the JSON text (so the learner sees the
    format), then the sheet is scored again.
    """

    def __init__(self, example: str = "ec51") -> None:
        import ipywidgets as w

        self.examples = w.Dropdown(
            options=[(t(f"lesson07.example.{k}"), k) for k in EXAMPLES],
            value=example,
            description=t("lesson07.example"),
            style={"description_width": "initial"},
            layout=w.Layout(width="32rem"),
        )
        self.examples.add_class("nt-sheet-examples")
        self.load = w.Button(description=t("lesson07.load"), icon="folder-open")
        self.load.add_class("nt-sheet-load")
        self.text = w.Textarea(
            continuous_update=False,
            layout=w.Layout(width="100%", height="19rem"),
        )
        self.text.add_class("nt-sheet-text")
        self.score = w.Button(description=t("lesson07.score"), button_style="primary", icon="calculator")
        self.score.add_class("nt-sheet-score")

        self.player = w.Dropdown(description=t("lesson07.player"), layout=w.Layout(width="14rem"))
        self.player.add_class("nt-sheet-player")
        self.place = w.Dropdown(
            options=[(t(f"lesson07.place.{p}"), p) for p in PLACES],
            value="warrior",
            description=t("lesson07.place"),
            layout=w.Layout(width="14rem"),
        )
        self.place.add_class("nt-sheet-place")
        self.card = w.Text(
            value="7",
            placeholder=t("lesson07.card.placeholder"),
            description=t("lesson07.card"),
            layout=w.Layout(width="10rem"),
        )
        self.card.add_class("nt-sheet-card")
        self.add = w.Button(
            description=t("lesson07.add"), icon="plus", layout=w.Layout(width="auto", flex="0 0 auto")
        )
        self.add.add_class("nt-sheet-add")
        self.remove = w.Button(
            description=t("lesson07.remove"), icon="minus", layout=w.Layout(width="auto", flex="0 0 auto")
        )
        self.remove.add_class("nt-sheet-remove")
        self.coins = w.Text(description=t("lesson07.coins"), layout=w.Layout(width="16rem"))
        self.coins.add_class("nt-sheet-coins")
        self.gem = w.BoundedIntText(
            value=1, min=1, max=6, description=t("lesson07.gem"), layout=w.Layout(width="9rem")
        )
        self.gem.add_class("nt-sheet-gem")
        self.set_coins = w.Button(
            description=t("lesson07.set-coins"), icon="coins", layout=w.Layout(width="auto", flex="0 0 auto")
        )
        self.set_coins.add_class("nt-sheet-set-coins")
        self.add_player = w.Button(description=t("lesson07.add-player"), icon="user-plus")
        self.add_player.add_class("nt-sheet-add-player")
        self.note = w.HTML()
        self.note.add_class("nt-sheet-note")
        self.out = w.HTML()
        self.out.add_class("nt-sheet-out")

        for field in (self.player, self.place, self.card, self.coins, self.gem):
            field.style.description_width = "4rem"
        self.load.on_click(lambda _b: self.load_example(self.examples.value))
        self.score.on_click(lambda _b: self.refresh())
        self.text.observe(lambda _c: self.refresh(), names="value")
        self.player.observe(lambda _c: self._show_player(), names="value")
        self.add.on_click(lambda _b: self.add_card())
        self.remove.on_click(lambda _b: self.remove_card())
        self.set_coins.on_click(lambda _b: self.set_coins_and_gem())
        self.add_player.on_click(lambda _b: self.new_player())

        controls = w.VBox(
            [
                w.HBox([self.player, self.add_player]),
                w.HBox([self.place, self.card, self.add, self.remove], layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.coins, self.gem, self.set_coins]),
                self.note,
            ]
        )
        controls.add_class("nt-panel")
        left = w.VBox(
            [w.HBox([self.examples, self.load]), self.text, self.score, controls],
            layout=w.Layout(flex="1 1 26rem", min_width="22rem"),
        )
        right = w.VBox([self.out], layout=w.Layout(flex="1 1 26rem", min_width="22rem"))
        self.widget = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", gap="1rem"))
        self.widget.add_class("nt-root")
        self.widget.add_class("nt-sheet-editor")
        self.kept = w.HTML()
        self.kept.add_class("nt-sheet-kept")
        left.children = (*left.children[:2], self.kept, *left.children[2:])
        self._keeping = False  # the browser's copy is written only once it has been read back
        self.load_example(example)
        self.restoring = browser_store.restore(KEPT_KEY, self._restored)
        """The read of the browser's copy, under way (None when nothing is kept here)."""

    # -- the sheet kept in the browser (static site: widgets/browser_store.py)
    def _restored(self, outcome: str, text: str | None) -> None:
        """The browser's copy of the sheet was read: put it back in the text area (a reload keeps the
        learner's sheet), then keep every change. Under Voila nothing is kept and nothing is said."""
        if outcome == browser_store.RESTORED and text is not None and text != self.text.value:
            self.text.value = text  # its observer scores it again
        self._keeping = outcome != browser_store.UNAVAILABLE
        if browser_store.AVAILABLE:
            key = {
                browser_store.RESTORED: "lesson07.kept.restored",
                browser_store.NOTHING: "lesson07.kept.on",
                browser_store.UNAVAILABLE: "lesson07.kept.off",
            }[outcome]
            self.kept.value = f'<span class="nt-sheet-kept-{outcome}">{escape(t(key))}</span>'

    def _keep(self) -> None:
        if self._keeping:
            browser_store.save(KEPT_KEY, self.text.value)

    # -- reading and writing the text
    def data(self) -> dict[str, Any] | None:
        """The sheet in the text area, if it is a JSON object with a players list."""
        try:
            data = json.loads(self.text.value)
        except json.JSONDecodeError:
            return None
        if isinstance(data, dict) and isinstance(data.get("players"), list):
            return data
        return None

    def _write(self, data: dict[str, Any]) -> None:
        self.text.value = sheet_text(data)

    def load_example(self, key: str) -> None:
        self.examples.value = key
        self.note.value = ""
        self._write(example_sheet(key))
        self.refresh()

    def refresh(self) -> None:
        """Score the text again and refresh the player list of the controls."""
        self._keep()
        self.out.value = result_html(self.text.value)
        data = self.data()
        names = [str(p.get("name", "?")) for p in data["players"] if isinstance(p, dict)] if data else []
        current = self.player.value
        self.player.options = [(n, k) for k, n in enumerate(names)]
        if names:
            self.player.value = current if isinstance(current, int) and current < len(names) else 0
        self._show_player()

    def _player(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        data = self.data()
        k = self.player.value
        if data is None or not isinstance(k, int) or k >= len(data["players"]):
            self.note.value = f'<span class="nt-feedback-wrong">{escape(t("lesson07.fix-text-first"))}</span>'
            return None
        p = data["players"][k]
        if not isinstance(p, dict):
            return None
        return data, p

    def _show_player(self) -> None:
        data = self.data()
        k = self.player.value
        if data is None or not isinstance(k, int) or k >= len(data["players"]):
            return
        p = data["players"][k]
        if isinstance(p, dict):
            coins = p.get("coins", [])
            self.coins.value = ", ".join(str(c) for c in coins) if isinstance(coins, list) else ""
            gem = p.get("gem")
            if isinstance(gem, int) and 1 <= gem <= 6:
                self.gem.value = gem

    # -- the simple controls
    def add_card(self) -> None:
        """Add the card written in the card box on top of the chosen column (or to the command zone)."""
        found = self._player()
        if found is None:
            return
        data, p = found
        text = self.card.value.strip()
        if not text:
            self.note.value = escape(t("lesson07.card.placeholder"))
            return
        entry: int | str = int(text) if text.isdigit() else text
        if self.place.value == "command_zone":
            p.setdefault("command_zone", []).append(entry)
        else:
            p.setdefault("army", {}).setdefault(self.place.value, []).append(entry)
        self.note.value = escape(
            t(
                "lesson07.added",
                card=str(entry),
                name=p.get("name", "?"),
                place=f"@lesson07.place.{self.place.value}",
            )
        )
        self._write(data)

    def remove_card(self) -> None:
        """Remove the top card of the chosen column (or the last command-zone entry)."""
        found = self._player()
        if found is None:
            return
        data, p = found
        if self.place.value == "command_zone":
            items = p.get("command_zone", [])
        else:
            items = p.get("army", {}).get(self.place.value, [])
        if not items:
            self.note.value = escape(
                t("lesson07.nothing-to-remove", place=f"@lesson07.place.{self.place.value}")
            )
            return
        gone = items.pop()
        if self.place.value != "command_zone" and not items:
            del p["army"][self.place.value]
        self.note.value = escape(
            t(
                "lesson07.removed",
                card=str(gone),
                name=p.get("name", "?"),
                place=f"@lesson07.place.{self.place.value}",
            )
        )
        self._write(data)

    def set_coins_and_gem(self) -> None:
        """Replace the chosen player's coins (comma-separated) and gem."""
        found = self._player()
        if found is None:
            return
        data, p = found
        coins: list[int | str] = []
        for part in self.coins.value.replace(";", ",").split(","):
            part = part.strip()
            if part:
                coins.append(int(part) if part.isdigit() else part)
        p["coins"] = coins
        p["gem"] = int(self.gem.value)
        self.note.value = ""
        self._write(data)

    def new_player(self) -> None:
        """Add a player with the five starting coins and the first gem nobody holds."""
        data = self.data()
        if data is None:
            self.note.value = f'<span class="nt-feedback-wrong">{escape(t("lesson07.fix-text-first"))}</span>'
            return
        players = data["players"]
        if len(players) >= MAX_PLAYERS:
            self.note.value = f'<span class="nt-feedback-wrong">{escape(t("lesson07.max-players"))}</span>'
            return
        used = {p.get("gem") for p in players if isinstance(p, dict)}
        gem = next((g for g in (5, 4, 3, 2, 1) if g not in used), 1)
        names = {p.get("name") for p in players if isinstance(p, dict)}
        name = next(
            (n for n in ("Ana", "Bo", "Cy", "Dag", "Eir", "Finn") if n not in names),
            t("lesson07.where.player", n=len(players) + 1),
        )
        players.append({"name": name, "army": {}, "command_zone": [], "coins": [0, 2, 3, 4, 5], "gem": gem})
        self._write(data)
        self.player.value = len(players) - 1


@live
def editor(example: str = "ec51") -> w.Widget:
    """The score-sheet editor with one example loaded."""
    return SheetEditor(example).widget


@live
def worked(key: str) -> w.Widget:
    """A worked example: what to look at, then the example's score sheet (read-only)."""
    import ipywidgets as w

    table = score_sheet(EXAMPLES[key])
    note = w.HTML(f'<p class="nt-worked-note">{escape(t(f"lesson07.worked.{key}"))}</p>')
    sheet = w.HTML(score_sheet_html(table))
    box = w.VBox([note, sheet])
    box.add_class("nt-root")
    box.add_class(f"nt-worked-{key}")
    return box


def times_counted(table: ScoreTable, name: str) -> int:
    """How many score lines of ``name`` count the highest coin (coins, Warrior bonus, Astrid)."""
    p = table.player(name)
    high = max(p.line("coins").params["values"])
    count = 1
    if p.points("warrior_bonus") == high:
        count += 1
    if p.line("heroes").params.get("astrid") == high:
        count += 1
    return count


def who_gets_warrior_bonus(key: str) -> str:
    """ "all-tied" if every player tied for the most Warrior ranks gets it, "one" or "nobody"."""
    table = score_sheet(EXAMPLES[key])
    got = [p.name for p in table.players if p.points("warrior_bonus") > 0]
    if not got:
        return "nobody"
    return "one" if len(got) == 1 else "all-tied"


@live
def check() -> w.Widget:
    """Predict, then check: three questions whose answers nidlib computes when Check is pressed."""
    import ipywidgets as w

    from widgets.quiz import PredictQuestion

    def bonus_why(_: object) -> str:
        table = score_sheet(EXAMPLES["ec48"])
        b = {p.name: p.points("warrior_bonus") for p in table.players}
        return t("lesson07.q1.why", ana=b["Ana"], bo=b["Bo"], cy=b["Cy"])

    q1 = PredictQuestion(
        t("lesson07.q1"),
        [(t("lesson07.q1.a"), "one"), (t("lesson07.q1.b"), "all-tied"), (t("lesson07.q1.c"), "nobody")],
        lambda: who_gets_warrior_bonus("ec48"),
        bonus_why,
        rule="R-SCORE-2",
        theme=False,
    )
    q2 = PredictQuestion(
        t("lesson07.q2"),
        [("1", 1), ("2", 2), ("3", 3)],
        lambda: times_counted(score_sheet(EXAMPLES["ec49"]), "Ana"),
        lambda n: t("lesson07.q2.why", n=n, total=score_sheet(EXAMPLES["ec49"]).player("Ana").total),
        rule="R-SCORE-9",
        theme=False,
    )
    q3 = PredictQuestion(
        t("lesson07.q3"),
        [("39", 39), ("40", 40), ("81", 81)],
        lambda: score_sheet(EXAMPLES["dwerg"]).player("Ana").points("heroes"),
        lambda points: t("lesson07.q3.why", points=points),
        rule="R-HERO-DWERG-1",
        theme=False,
    )
    box = w.VBox([q1, q2, q3], layout=w.Layout(gap="0.8rem"))
    box.add_class("nt-root")
    return box
