"""What lesson 9's expansion tests (tests/widgets/test_game_thingvellir.py, test_game_idavoll.py) do alike:
imported as ``gamekit``.

Seeded games searched for a real position of each new decision, such a position loaded into the game page
as a bare state (every seat human), and the check that a decision's buttons are in words and play.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Mapping

import nidlib
from nidlib.core.actions import Action
from nidlib.core.serialize import state_to_dict
from nidlib.core.state import State
from widgets.components import GameTableView
from widgets.game import GameApp

__all__ = ["find_positions", "loaded", "plays_in_words"]

#: the kind of decision a position shows (None: not one the test looks for), given the last action
KindOf = Callable[[State, Action | None], str | None]
#: the seeded players' choice among the legal actions of the player who decides
Choose = Callable[[State, list[Action], random.Random], Action]


def find_positions(
    kinds: Iterable[str],
    seeds: int,
    new_game: Callable[[int], State],
    kind_of: KindOf,
    choose: Choose,
    *,
    built: Mapping[str, State] | None = None,
) -> dict[str, State]:
    """The first position of each kind in seeded games (``new_game(seed)``, played by ``choose``), after
    the positions ``built`` by hand for kinds the seeded games rarely reach."""
    wanted = set(kinds)
    found: dict[str, State] = dict(built or {})
    for seed in range(seeds):
        s = new_game(seed)
        rng = random.Random(seed)
        last: Action | None = None
        while not s.is_over:
            k = kind_of(s, last)
            if k in wanted and k not in found:
                found[k] = s
            d = nidlib.decision(s)
            assert d is not None
            last = choose(s, nidlib.legal_actions(s, d.players[0]), rng)
            s, _ = nidlib.apply(s, last)
        if len(found) == len(wanted):
            return found
    raise AssertionError(f"no seeded game reached {sorted(wanted - set(found))}")


def loaded(s: State, lang: str | None = None) -> tuple[GameApp, GameTableView]:
    """The game page with ``s`` loaded as a bare state: every seat human (hot seat)."""
    app = GameApp(lang)
    app.load_text(json.dumps(state_to_dict(s)))
    table = app.table_box.children[0]
    assert isinstance(table, GameTableView)
    return app, table


def plays_in_words(
    s: State, kind: str, lang: str, text_form: re.Pattern[str], *, one_button_each: bool
) -> None:
    """Every legal action of the decision is offered by an enabled button, labelled in words (never the
    text form ``text_form`` matches, no raw field or key; Chinese outside English), and the last button
    plays its action. ``one_button_each``: no two legal actions share a button (identical cards do)."""
    app, table = loaded(s, lang)
    c = app.controller
    assert c is not None
    panel = table.action_panel
    assert panel.player is not None, kind
    legal = nidlib.legal_actions(s, panel.player)
    enabled = [(a, b) for a, b in panel.shown if not b.disabled]
    assert enabled, kind
    # every legal action is offered (identical cards share a button)
    offered = {b.description for a, b in enabled}
    assert offered == {b.description for a, b in panel.shown if a in legal}
    if one_button_each:
        assert len(offered) == len({str(a) for a in legal}), kind
    for a, b in panel.shown:
        assert not text_form.search(b.description), (kind, b.description)
        assert str(a) not in b.description
        assert "{" not in b.description
        assert "ui." not in b.description
    if lang != "en":  # the labels are translated (card, hero and place names may stay Latin)
        assert any(re.search(r"[\u4e00-\u9fff]", b.description) for _, b in enabled), kind
    before = len(c.history)
    enabled[-1][1].click()
    assert c.violation is None
    assert len(c.history) == before + 1
    assert c.history[-1][2] == enabled[-1][0]
