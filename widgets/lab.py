"""The edge-case lab: build or paste any position, list its legal actions, try any action.

``Lab()`` is the page of ``tutorials/10-edge-case-lab.ipynb``. Three ways to get a position:

* the **gallery** (:mod:`nidlib.content.gallery`): every ruling of RULES.md §14 loads in one click,
  with its question; "Play the ruling" applies its actions one step at a time and the
  stated outcome is checked against what the engine did;
* the **position editor**: armies, command zones, coins (on tavern spaces and in the pouch,
  or in hand), gems, taverns, Age, round and phase, built with :class:`nidlib.content.scenario.Scenario`
  (the Treasury is what the coins leave in it);
* **JSON**: paste a state document (``nidlib.from_json``); a broken document is explained
  with the path of the faulty field.

Then: the legal actions of the position (plus a few illegal ones, to see why they are
refused), a free text box for any action in its text form, the resulting events with their
rule ids (each expands to the rule text), and the refusal's reason from ``nidlib.check``.

Browser-test hooks: ``nt-lab``, ``nt-lab-case``, ``nt-lab-case-load``, ``nt-lab-case-step``,
``nt-lab-question``, ``nt-lab-outcome``, ``nt-lab-actions``, ``nt-lab-try``, ``nt-lab-action-text``,
``nt-lab-try-text``, ``nt-lab-result``, ``nt-lab-position``, ``nt-lab-json``, ``nt-lab-json-load``,
``nt-lab-json-show``, ``nt-lab-build``, ``nt-lab-undo``, ``nt-lab-error``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

import nidlib
from nidlib.content import gallery
from nidlib.content.scenario import Scenario
from nidlib.core.actions import Action
from nidlib.core.cards import CLASSES
from nidlib.core.errors import DocumentError, IllegalActionError, InvalidActionError, NidError
from nidlib.core.events import Event
from nidlib.core.messages import term
from nidlib.core.state import State
from nidlib.rules.tempting import tempting_actions as tempting
from widgets import render as r
from widgets.guard import log_failure
from widgets.lessons.page import Page, live
from widgets.render import t
from widgets.theme import theme_widget

__all__ = ["Lab", "footer", "header", "lab", "tempting_actions"]

STEM = "10-edge-case-lab"
PHASES = ("bids", "tavern0", "tavern1", "tavern2", "age_end")
LAB_CSS = """
.nt-lab-position .nt-lab-players { display: flex; flex-wrap: wrap; gap: .8em; }
.nt-lab-position .nt-lab-player { flex: 1 1 24em; min-width: 22em; }
.nt-lab-case-box .nt-lab-question { font-size: 1.05em; }
.nt-lab-ok { color: var(--nt-good); font-weight: 600; }
.nt-lab-bad { color: var(--nt-bad); font-weight: 600; }
.nt-lab-step { border-left: 3px solid var(--nt-line); padding-left: .6em; margin: .4em 0; }
.nt-lab-step code { background: #eef2f6; padding: 0 .3em; border-radius: .3em; }
"""


def tempting_actions(s: State, limit: int = 4) -> list[Action]:
    """A few well-formed but illegal actions for the current decision (to see why they are refused).

    The choice is nidlib's (:func:`nidlib.rules.tempting.tempting_actions`, ``wider``: the lab also
    offers another tavern's card and a move out of turn).
    """
    return [a for a, _ in tempting(s, wider=True, limit=limit)]


def _coins_text(coins: list[Any]) -> str:
    return " ".join(str(c) for c in coins)


class PlayerEditor(w.VBox):
    """One player's part of the position editor."""

    def __init__(self, k: int, lang: str | None) -> None:
        lay = w.Layout(width="100%")
        style = {"description_width": "9em"}
        self.name = w.Text(
            value=gallery.NAMES[5][k], description=t("lab.edit.name", lang), style=style, layout=lay
        )
        self.gem = w.IntText(
            value=0, description=t("lab.edit.gem", lang), style=style, layout=w.Layout(width="16em")
        )
        self.columns = [
            w.Text(
                description=term(f"@class.{c.value}", lang),
                style=style,
                layout=lay,
                placeholder=t("lab.edit.column-hint", lang),
            )
            for c in CLASSES
        ]
        self.command = w.Text(
            description=t("lab.edit.command", lang),
            style=style,
            layout=lay,
            placeholder=t("lab.edit.command-hint", lang),
        )
        self.where = w.Dropdown(
            options=[(t("lab.edit.coins-bid", lang), "bid"), (t("lab.edit.coins-hand", lang), "hand")],
            value="bid",
            description=t("lab.edit.coins", lang),
            style=style,
        )
        self.tavern_coins = w.Text(
            value="0 2 3",
            description=t("lab.edit.tavern-coins", lang),
            style=style,
            layout=lay,
            placeholder="5b 0 4",
        )
        self.pouch = w.Text(value="4 5b", description=t("lab.edit.pouch", lang), style=style, layout=lay)
        self.hand = w.Text(value="0 2 3 4 5b", description=t("lab.edit.hand", lang), style=style, layout=lay)
        self.where.observe(lambda _c: self._show(), names=["value"])
        super().__init__(
            [
                self.name,
                self.gem,
                *self.columns,
                self.command,
                self.where,
                self.tavern_coins,
                self.pouch,
                self.hand,
            ]
        )
        self._show()

    def _show(self) -> None:
        bid = self.where.value == "bid"
        self.tavern_coins.layout.display = "" if bid else "none"
        self.pouch.layout.display = "" if bid else "none"
        self.hand.layout.display = "none" if bid else ""

    def fill(self, s: State, k: int) -> None:
        p = s.players[k]
        self.name.value = p.name
        self.gem.value = p.gem
        for ci, box in enumerate(self.columns):
            col = list(p.columns[ci])
            if p.thrud == ci:
                col.append("thrud")
            box.value = " ".join(col)
        self.command.value = " ".join(x for x in p.command_zone if x != "hunting-master" or not _has_green(p))
        if p.hand or all(c is None for c in p.slots):
            self.where.value = "hand"
            self.hand.value = _coins_text(sorted(p.coins()))
        else:
            self.where.value = "bid"
            self.tavern_coins.value = " ".join(str(c) if c is not None else "?" for c in p.slots[:3])
            self.pouch.value = " ".join(str(c) for c in p.slots[3:] if c is not None)


def _labelled(opts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Menu options with distinct labels: two actions said alike (two Warrior 6 cards, or two moves of
    the same coin) are told apart by a number, "(2)", never by their text form."""
    seen: dict[str, int] = {}
    out = []
    for label, value in opts:
        seen[label] = seen.get(label, 0) + 1
        out.append((label if seen[label] == 1 else f"{label} ({seen[label]})", value))
    return out


def _has_green(p: Any) -> bool:
    return any(c.is_trading and c.value == 3 for c in p.coins())


def _specs(text: str) -> list[str | int]:
    out: list[str | int] = []
    for tok in text.replace(",", " ").split():
        out.append(int(tok) if tok.isdigit() else tok)
    return out


class Lab(w.VBox):
    """The lab page: gallery, editor, JSON, the position, actions and their results."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        self.states: list[State] = []
        self.case: gallery.EdgeCase | None = None
        #: the gallery step reached by each position of :attr:`states` (None: off the ruling's path)
        self.case_steps: list[int | None] = []
        self.case_events: list[Event] = []
        self.last_events: list[Event] = []

        # gallery
        # issue 13: a ruling is named by its title; its id follows as a small reference
        options = [(f"{c.title(lang)} ({c.id})", c.id) for c in gallery.GALLERY]
        self.case_select = w.Dropdown(
            options=options,
            value=None,
            description=t("lab.gallery.choose", lang),
            style={"description_width": "7em"},
            layout=w.Layout(width="36em"),
        )
        self.case_select.add_class("nt-lab-case")
        self.case_select.observe(lambda ch: self._guard(self._case_chosen, ch), names=["value"])
        self.case_load = w.Button(
            description=t("lab.gallery.load", lang), icon="folder-open", button_style="primary"
        )
        self.case_load.add_class("nt-lab-case-load")
        self.case_load.on_click(lambda _b: self._guard(self.load_case, self.case_select.value))
        self.case_step_button = w.Button(
            description=t("lab.gallery.step", lang),
            icon="step-forward",
            button_style="info",
            layout=w.Layout(width="auto", max_width="40em"),
        )
        self.case_step_button.add_class("nt-lab-case-step")
        self.case_step_button.on_click(lambda _b: self._guard(self.step_case))
        self.case_info = w.HTML()
        self.case_info.add_class("nt-lab-question")
        self.outcome = w.HTML()
        self.outcome.add_class("nt-lab-outcome")
        intro = t("lab.gallery.intro", lang, count=len(gallery.GALLERY), cases=gallery.covered())
        gallery_box = w.VBox(
            [
                w.HTML(f"<h4>{escape(t('lab.gallery.title', lang))}</h4><p>{escape(intro)}</p>"),
                w.HBox([self.case_select, self.case_load], layout=w.Layout(gap="8px", flex_flow="row wrap")),
                self.case_info,
                self.case_step_button,
                self.outcome,
            ]
        )
        gallery_box.add_class("nt-panel")
        gallery_box.add_class("nt-lab-case-box")

        # editor
        style = {"description_width": "9em"}
        self.n_players = w.Dropdown(
            options=[2, 3, 4, 5], value=3, description=t("lab.edit.players", lang), style=style
        )
        self.age = w.Dropdown(options=[1, 2], value=1, description=t("lab.edit.age", lang), style=style)
        self.round = w.IntText(
            value=1, description=t("lab.edit.round", lang), style=style, layout=w.Layout(width="16em")
        )
        self.phase = w.Dropdown(
            options=[(t(f"lab.phase.{p}", lang), p) for p in PHASES],
            value="tavern0",
            description=t("lab.edit.phase", lang),
            style=style,
        )
        self.tavern_text = [
            w.Text(
                description=term(f"@tavern.{k}", lang),
                style=style,
                layout=w.Layout(width="100%"),
                placeholder="W7 H RO3",
            )
            for k in range(3)
        ]
        self.player_editors = [PlayerEditor(k, lang) for k in range(5)]
        self.player_tabs = w.Tab(children=self.player_editors[:3])
        self.n_players.observe(lambda _c: self._show_players(), names=["value"])
        self.build_button = w.Button(
            description=t("lab.edit.build", lang), icon="cubes", button_style="primary"
        )
        self.build_button.add_class("nt-lab-build")
        self.build_button.on_click(lambda _b: self._guard(self.build_from_editor))
        self.fill_button = w.Button(
            description=t("lab.edit.fill", lang), icon="pencil", layout=w.Layout(width="auto")
        )
        self.fill_button.add_class("nt-lab-fill")
        self.fill_button.on_click(lambda _b: self._guard(self.fill_editor))
        editor = w.VBox(
            [
                w.HTML(f"<p>{escape(t('lab.edit.intro', lang))}</p>"),
                w.HBox(
                    [self.n_players, self.age, self.round, self.phase], layout=w.Layout(flex_flow="row wrap")
                ),
                *self.tavern_text,
                self.player_tabs,
                w.HBox([self.build_button, self.fill_button], layout=w.Layout(gap="8px")),
            ]
        )
        self._show_players()

        # json
        self.json_area = w.Textarea(
            placeholder=t("lab.json.placeholder", lang), layout=w.Layout(width="100%", height="10em")
        )
        self.json_area.add_class("nt-lab-json")
        self.json_load = w.Button(description=t("lab.json.load", lang), icon="upload", button_style="primary")
        self.json_load.add_class("nt-lab-json-load")
        self.json_load.on_click(lambda _b: self._guard(self.load_json))
        self.json_show = w.Button(description=t("lab.json.show", lang), icon="code")
        self.json_show.add_class("nt-lab-json-show")
        self.json_show.on_click(lambda _b: self._guard(self.show_json))
        json_box = w.VBox(
            [
                w.HTML(f"<p>{escape(t('lab.json.intro', lang))}</p>"),
                self.json_area,
                w.HBox([self.json_load, self.json_show], layout=w.Layout(gap="8px")),
            ]
        )
        self.sources = w.Accordion(children=[editor, json_box])
        self.sources.set_title(0, t("lab.edit.title", lang))
        self.sources.set_title(1, t("lab.json.title", lang))
        self.sources.selected_index = None
        self.sources.add_class("nt-lab-sources")  # the position editor and JSON: the engine's input forms

        # position and actions
        self.error = w.HTML()
        self.error.add_class("nt-lab-error")
        self.position = w.HTML()
        self.position.add_class("nt-lab-position")
        self.position.add_class("nt-panel")
        self.actions = w.Dropdown(
            options=[],
            description=t("lab.actions.choose", lang),
            style={"description_width": "7em"},
            layout=w.Layout(width="40em"),
        )
        self.actions.add_class("nt-lab-actions")
        self.try_button = w.Button(
            description=t("lab.actions.try", lang), icon="play", button_style="primary"
        )
        self.try_button.add_class("nt-lab-try")
        self.try_button.on_click(lambda _b: self._guard(self.try_action, self.actions.value))
        self.action_text = w.Text(
            placeholder="p0:pick:1W7",
            description=t("lab.actions.text", lang),
            style={"description_width": "7em"},
            layout=w.Layout(width="30em"),
        )
        self.action_text.add_class("nt-lab-action-text")
        self.try_text = w.Button(description=t("lab.actions.try-text", lang), icon="play")
        self.try_text.add_class("nt-lab-try-text")
        self.try_text.on_click(lambda _b: self._guard(self.try_action, self.action_text.value))
        self.undo_button = w.Button(description=t("lab.undo", lang), icon="undo")
        self.undo_button.add_class("nt-lab-undo")
        self.undo_button.on_click(lambda _b: self._guard(self.undo))
        self.result = w.HTML()
        self.result.add_class("nt-lab-result")
        #: a hero to recruit: each as a card with what it does and why it is (not) available now
        self.hero_choices = w.HBox(layout=w.Layout(flex_flow="row wrap", gap="6px"))
        self.hero_choices.add_class("nt-hero-choices")
        self.hero_choices.add_class("nt-lab-heroes")
        # issue 13: the text form ("p0:pick:1W7") is for rules lawyers: folded away, under its own title
        self.text_form = w.Accordion(
            children=[
                w.VBox(
                    [
                        w.HTML(f"<p>{escape(t('lab.actions.text-help', lang))}</p>"),
                        w.HBox(
                            [self.action_text, self.try_text],
                            layout=w.Layout(gap="8px", flex_flow="row wrap"),
                        ),
                    ]
                )
            ],
            titles=(t("lab.actions.text-title", lang),),
        )
        self.text_form.selected_index = None
        self.text_form.add_class("nt-lab-text-form")
        act_box = w.VBox(
            [
                w.HTML(
                    f"<h4>{escape(t('lab.actions.title', lang))}</h4><p>{escape(t('lab.actions.intro', lang))}</p>"
                ),
                w.HBox(
                    [self.actions, self.try_button, self.undo_button],
                    layout=w.Layout(gap="8px", flex_flow="row wrap"),
                ),
                self.hero_choices,
                self.result,
                self.text_form,
            ]
        )
        act_box.add_class("nt-panel")
        act_box.add_class("nt-lab-action-box")
        super().__init__(
            [
                theme_widget(),
                w.HTML(f"<style>{LAB_CSS}</style>"),
                gallery_box,
                self.sources,
                self.error,
                act_box,
                self.position,
            ],
            layout=w.Layout(gap="10px"),
        )
        self.add_class("nt-root")
        self.add_class("nt-lab")
        self._refresh()

    # -- helpers ---------------------------------------------------------------------------------
    def _guard(self, fn: Any, *args: Any) -> None:
        try:
            self.say(None)
            fn(*args)
        except DocumentError as e:
            self.say(self.document_message(e))
        except (NidError, ValueError, KeyError) as e:
            self.say(t("lab.error.problem", self.lang, error=str(e)))
        except Exception as e:  # noqa: BLE001 - shown as a sentence, never a traceback
            log_failure(e)  # the details to the server's log (widgets/guard.py)
            self.say(t("lab.error.unexpected", self.lang, error=f"{type(e).__name__}: {e}"))

    def document_message(self, e: DocumentError) -> str:
        if e.path:
            return t("lab.error.document-at", self.lang, path=e.path, problem=e.problem)
        return t("lab.error.document", self.lang, problem=e.problem)

    def say(self, text: str | None, level: str = "error") -> None:
        self.error.value = (
            ""
            if not text
            else f'<div class="nt-message nt-message-{level}" role="alert">{escape(text)}</div>'
        )

    @property
    def state(self) -> State | None:
        return self.states[-1] if self.states else None

    @property
    def case_step(self) -> int | None:
        """How many of the gallery entry's actions lead to the position shown (None: another action did)."""
        return self.case_steps[-1] if self.case_steps else 0

    def _show_players(self) -> None:
        n = int(self.n_players.value)
        self.player_tabs.children = tuple(self.player_editors[:n])
        for k in range(n):
            self.player_tabs.set_title(k, self.player_editors[k].name.value or str(k))

    def set_state(self, s: State, events: list[Event] | None = None, *, keep_case: bool = False) -> None:
        self.states = [s]
        self.case_steps = [0]
        self.last_events = list(events or [])
        if not keep_case:
            self.case = None
            self.case_info.value = ""
            self.outcome.value = ""
            self.case_step_button.layout.display = "none"
        self.result.value = self._events_html(self.last_events, None) if events else ""
        self._refresh()

    # -- gallery -----------------------------------------------------------------------------------
    def _case_chosen(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.load_case(change["new"])

    def load_case(self, ec_id: str | None) -> None:
        """Load a gallery entry: its position, its question, and the first of its actions ready."""
        if not ec_id:
            raise ValueError(t("lab.gallery.none", self.lang))
        case = gallery.get(ec_id)
        events: list[Event] = []
        s = case.build(events)
        self.set_state(s, events, keep_case=True)
        self.case = case
        self.case_events = list(events)
        lang = self.lang
        # issue 13: the ruling is named by its title; its id is a small reference among its rules
        rules = " ".join(r.rule_html(x, lang=lang) for x in dict.fromkeys((case.id, *case.rules)))
        self.case_info.value = (
            f"<p><b>{escape(case.title(lang))}</b></p>"
            f"<p>{escape(t('lab.gallery.question', lang))} {escape(case.question(lang))}</p>"
            f"<p class='nt-muted'>{escape(t('lab.gallery.rules', lang))} {rules}</p>"
        )
        self.outcome.value = ""
        self.case_step_button.layout.display = ""
        self._case_button()
        if self.case_select.value != ec_id:
            self.case_select.value = ec_id

    def _case_button(self) -> None:
        case = self.case
        if case is None:
            return
        n = len(case.actions)
        k = self.case_step
        if k is None:
            self.case_step_button.description = t("lab.gallery.off-path", self.lang)
            self.case_step_button.disabled = True
            self.outcome.value = ""
            return
        if k < n:
            # issue 13: the step in words ("Take Warrior 3"), not its text form ("p1:pick:W3")
            self.case_step_button.description = t(
                "lab.gallery.step", self.lang, k=k + 1, n=n, action=self._step_words(case.actions[k])
            )
            self.case_step_button.disabled = False
            self.outcome.value = ""
        else:
            self.case_step_button.description = t("lab.gallery.done", self.lang)
            self.case_step_button.disabled = True
            self._show_outcome()
            self.action_text.value = ""
        # the next step's action is offered in the text box too
        s = self.state
        if s is not None and k < n:
            try:
                self.action_text.value = str(gallery.resolve(s, case.actions[k]))
            except InvalidActionError:
                self.action_text.value = case.actions[k]

    def _step_words(self, text: str) -> str:
        """A gallery step's action in the page's language, as the action menu names it."""
        s = self.state
        return text if s is None else self._words(text, s)

    def _words(self, text: str, s: State) -> str:
        """An action's text form said in words, in position ``s`` ("Take Warrior 3")."""
        try:
            return r.action_label(gallery.resolve(s, text), s, lang=self.lang)
        except InvalidActionError:
            return text  # cannot be read here: the off-path message follows when it is played

    def _step_after(self, s: State, a: Action) -> int | None:
        """The gallery step reached by playing ``a`` in ``s`` (the position shown), by any button."""
        case, k = self.case, self.case_step
        if case is None or k is None:
            return None
        if k >= len(case.actions):
            return k  # the ruling is complete: playing on does not undo it
        try:
            expected = gallery.resolve(s, case.actions[k])
        except InvalidActionError:
            return None
        return k + 1 if a == expected else None

    def step_case(self) -> None:
        """Apply the gallery entry's next action (its events appear below)."""
        case, s = self.case, self.state
        if case is None or s is None:
            raise ValueError(t("lab.gallery.none", self.lang))
        k = self.case_step
        if k is None or k >= len(case.actions):
            return
        self.try_action(gallery.resolve(s, case.actions[k]))  # moves the step on if it is played

    def _show_outcome(self) -> None:
        case = self.case
        if case is None:
            return
        lang = self.lang
        outcome = gallery.run(case)
        ok = case.verify(outcome)
        last = outcome.states[-1] if outcome.states else case.build([])
        refusals = "".join(
            f'<div class="nt-lab-step">{escape(self._words(text, last))} {r.violation_html(v, lang=lang)}</div>'
            for text, v in zip(case.illegal, outcome.refusals, strict=True)
            if v is not None
        )
        mark = (
            f'<span class="nt-lab-ok">✓ {escape(t("lab.gallery.confirmed", lang))}</span>'
            if ok
            else f'<span class="nt-lab-bad">✗ {escape(t("lab.gallery.differs", lang))}</span>'
        )
        self.outcome.value = (
            f'<div class="nt-message nt-message-ok"><p><b>{escape(t("lab.gallery.outcome", lang))}</b> '
            f"{escape(case.outcome(lang))}</p><p>{mark}</p>{refusals}</div>"
        )

    # -- editor and JSON ---------------------------------------------------------------------------
    def build_from_editor(self) -> State:
        """Build the editor's position with Scenario; problems name the field."""
        n = int(self.n_players.value)
        eds = self.player_editors[:n]
        names = [e.name.value.strip() for e in eds]
        sc = Scenario(n, names=names, age=int(self.age.value), round=int(self.round.value), seed=1)
        gems = {}
        for k, e in enumerate(eds):
            who = names[k] or str(k)
            if e.gem.value:
                gems[k] = int(e.gem.value)
            columns = {
                CLASSES[ci].value: _specs(box.value) for ci, box in enumerate(e.columns) if box.value.strip()
            }
            self._field(who, t("lab.edit.army", self.lang), sc.army, k, **columns)
            cz = [str(x) for x in _specs(e.command.value)]
            if cz:
                self._field(who, t("lab.edit.command", self.lang), sc.command_zone, k, cz)
            if e.where.value == "hand":
                coins = _specs(e.hand.value)
                self._field(who, t("lab.edit.hand", self.lang), sc.hand, k, coins)
            else:
                tav, pouch = _specs(e.tavern_coins.value), _specs(e.pouch.value)
                if len(tav) != 3 or len(pouch) != 2:
                    raise DocumentError(
                        f"{who} › {t('lab.edit.coins', self.lang)}", t("lab.edit.need-3-2", self.lang)
                    )
                self._field(who, t("lab.edit.coins", self.lang), sc.bids, k, taverns=tav, pouch=pouch)
        if gems:
            sc.gems(gems)
        rows = [[str(x) for x in _specs(box.value)] for box in self.tavern_text]
        if any(rows):
            self._field(t("lab.edit.taverns", self.lang), "", sc.taverns, rows)
        phase = self.phase.value
        if phase == "bids":
            sc.at_bids()
        elif phase == "age_end":
            sc.at_end_of_age()
        else:
            sc.at_tavern(int(phase[-1]))
        events: list[Event] = []
        s = self._field(t("lab.edit.position", self.lang), "", sc.build, events)
        assert isinstance(s, State)
        self.set_state(s, events)
        self.say(t("lab.edit.built", self.lang), "ok")
        return s

    @staticmethod
    def _field(who: str, what: str, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Call a Scenario method; a problem becomes a DocumentError naming the player and field."""
        try:
            return fn(*args, **kwargs)
        except DocumentError as e:
            path = " › ".join(x for x in (who, what, e.path) if x)
            raise DocumentError(path, e.problem) from None
        except (ValueError, KeyError) as e:
            path = " › ".join(x for x in (who, what) if x)
            raise DocumentError(path, str(e).strip("'\"")) from None

    def fill_editor(self) -> None:
        """Copy the position shown into the editor (to change it and build again)."""
        s = self.state
        if s is None:
            raise ValueError(t("lab.error.no-position", self.lang))
        self.n_players.value = len(s.players)
        self.age.value = s.age
        self.round.value = max(1, s.round)
        d = nidlib.decision(s)
        if d is not None and d.kind == "bids":
            self.phase.value = "bids"
        elif s.tavern >= 0:
            self.phase.value = f"tavern{s.tavern}"
        for k in range(3):
            self.tavern_text[k].value = " ".join(s.taverns[k])
        for k in range(len(s.players)):
            self.player_editors[k].fill(s, k)
        self._show_players()
        self.sources.selected_index = 0

    def load_json(self, text: str | None = None) -> None:
        """Load a pasted state document (``nidlib.from_json``)."""
        text = self.json_area.value if text is None else text
        if not text.strip():
            raise ValueError(t("lab.json.empty", self.lang))
        s = nidlib.from_json(text)
        if s.viewer is not None:
            raise DocumentError("viewer", t("lab.json.view", self.lang))
        self.set_state(s)
        self.say(t("lab.json.loaded", self.lang), "ok")

    def show_json(self) -> str:
        s = self.state
        if s is None:
            raise ValueError(t("lab.error.no-position", self.lang))
        text = nidlib.to_json(s, indent=1)
        self.json_area.value = text
        self.sources.selected_index = 1
        return text

    # -- actions -----------------------------------------------------------------------------------
    def try_action(self, action: Action | str | None) -> nidlib.Violation | None:
        """Apply ``action`` (or its text) to the position: events, or the reason it is refused."""
        s = self.state
        lang = self.lang
        if s is None:
            raise ValueError(t("lab.error.no-position", lang))
        if action is None or (isinstance(action, str) and not action.strip()):
            raise ValueError(t("lab.actions.empty", lang))
        try:
            a = gallery.resolve(s, action) if isinstance(action, str) else action
        except InvalidActionError as e:
            self.result.value = (
                f'<div class="nt-message nt-message-error">'
                f"{escape(t('lab.actions.unreadable', lang, error=str(e)))}</div>"
            )
            return None
        try:
            new, events = nidlib.apply(s, a)
        except IllegalActionError as e:
            self.result.value = (
                f'<div class="nt-lab-step">{escape(r.action_label(a, s, lang=lang))}</div>'
                f'<div class="nt-message nt-message-violation">{r.violation_html(e.violation, lang=lang)}</div>'
            )
            return e.violation
        self.states.append(new)
        self.case_steps.append(self._step_after(s, a))
        self.last_events = events
        self.result.value = (
            f'<div class="nt-lab-step">{escape(r.action_label(a, s, lang=lang))}</div>'
            + self._events_html(events, a)
        )
        self._case_button()
        self._refresh()
        return None

    def _events_html(self, events: list[Event], action: Action | None) -> str:
        lang = self.lang
        head = t("lab.result.events", lang) if action is not None else t("lab.result.setup", lang)
        return f"<h4>{escape(head)}</h4>{r.events_html(events, None, lang=lang)}"

    def _show_heroes(self, s: State) -> None:
        """When the position asks for a hero: each hero of the display as a card, with its button."""
        old = self.hero_choices.children
        d = nidlib.decision(s)
        pairs: list[tuple[Action, nidlib.Violation | None]] = []
        if d is not None and d.kind == "hero":
            p = d.players[0]
            pairs = [(a, None) for a in nidlib.legal_actions(s, p)]
            pairs += tempting(s, p)
        boxes: list[w.Widget] = []
        for a, v in pairs:
            button = w.Button(
                description=r.action_label(a, s, lang=self.lang),
                disabled=v is not None,
                layout=w.Layout(width="auto"),
            )
            button.add_class("nt-lab-hero-button")
            button.on_click(self._recruit_click(a))
            box = w.VBox([w.HTML(r.hero_choice_html(getattr(a, "hero", ""), v, lang=self.lang)), button])
            box.add_class("nt-hero-choice")
            boxes.append(box)
        if boxes:
            boxes.append(w.HTML(r.heroes_taken_html(s, lang=self.lang)))
        self.hero_choices.children = tuple(boxes)
        self.hero_choices.layout.display = "" if boxes else "none"
        for x in old:
            for y in (*getattr(x, "children", ()), x):
                y.close()

    def _recruit_click(self, a: Action) -> Any:
        return lambda _b: self._guard(self.try_action, a)

    def undo(self) -> None:
        if len(self.states) <= 1:
            raise ValueError(t("lab.undo.nothing", self.lang))
        self.states.pop()
        self.case_steps.pop()
        self._case_button()  # the gallery shows the step of the position we are back to
        self.result.value = ""
        self._refresh()

    def _refresh(self) -> None:
        s = self.state
        lang = self.lang
        self.undo_button.disabled = len(self.states) <= 1
        if s is None:
            self.position.value = f'<p class="nt-muted">{escape(t("lab.position.none", lang))}</p>'
            self.actions.options = []
            self.try_button.disabled = True
            return
        self._show_heroes(s)
        legal = nidlib.legal_actions(s)
        shown = legal[:60]
        # issue 13: each action in words; its text form is for the text box below, not the menu
        opts = _labelled([(f"✓ {r.action_label(a, s, lang=lang)}", str(a)) for a in shown])
        opts += _labelled([(f"✗ {r.action_label(a, s, lang=lang)}", str(a)) for a in tempting_actions(s)])
        self.actions.options = opts
        self.actions.value = opts[0][1] if opts else None
        self.try_button.disabled = not opts
        more = len(legal) - len(shown)
        count = t("lab.position.legal", lang, n=len(legal)) + (
            " " + t("lab.position.more", lang, n=more) if more > 0 else ""
        )
        boards = "".join(
            f'<div class="nt-lab-player nt-panel">{r.player_board_html(s, i, lang=lang)}'
            f"{r.army_html(p, lang=lang)}{r.command_zone_html(p, lang=lang)}</div>"
            for i, p in enumerate(s.players)
        )
        score = r.score_sheet_html(nidlib.final_scores(s), lang=lang, final=True) if s.is_over else ""
        self.position.value = (
            f"<h4>{escape(t('lab.position.title', lang))}</h4>{r.status_html(s, lang=lang)}"
            f"<p class='nt-muted'>{escape(count)}</p>{r.taverns_html(s, lang=lang)}"
            f'<div class="nt-lab-players">{boards}</div>{r.treasury_html(s.treasury, lang=lang)}'
            f"{r.heroes_html(s, lang=lang)}{score}"
        )


# --- notebook entry points ------------------------------------------------------------------------


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


@live
def lab(lang: str | None = None, case: str | None = "EC-09") -> Lab:
    """The lab, with a gallery entry already loaded (``case=None``: empty)."""
    widget = Lab(lang)
    if case is not None:
        widget.load_case(case)
    return widget
