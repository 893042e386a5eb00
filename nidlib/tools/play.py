"""Bots playing whole games: :func:`play_game` and the readable transcript of ``python -m nidlib play``.

Each bot is handed only its own view (:func:`nidlib.view_for`) and the legal actions of
that view; the game itself is advanced with the checked :func:`nidlib.apply`, so every
action of the log is legal and explained by its events.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from nidlib.core.actions import Action
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.state import State
from nidlib.core.views import view_for
from nidlib.rules.engine import DEFAULT_NAMES, apply, decision, final_scores, legal_actions, new_game
from nidlib.tools.bots import Bot, make_bot

Log = list[tuple[Action | None, list[Event]]]
"""``(action, events)`` pairs; the first pair has action ``None`` and holds the set-up events."""


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a game dealt from ``seed`` (distinct per seat)."""
    return seed * 16 + seat + 1


def make_bots(levels: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat from level names, seeded by :func:`bot_seed`."""
    return [make_bot(level, bot_seed(seed, i)) for i, level in enumerate(levels)]


def play_game(
    players: int | Sequence[str],
    seed: int,
    bots: Sequence[Bot],
    first_game: bool = False,
    *,
    expansions: Sequence[str] = (),
    on_decision: Callable[[int, float], None] | None = None,
) -> tuple[State, Log]:
    """Play a whole game with one bot per seat; returns the final state and the log.

    ``players`` is a player count (default names Ana, Bo, Cy, Di, Ed) or the names.
    During the simultaneous bids the bidders act in seat order, each seeing only its own
    coins. ``on_decision(seat, seconds)`` is called after every bot decision (benchmarks).

    :raises ValueError: bad player count or names, or not one bot per player.
    """
    names = list(DEFAULT_NAMES[:players]) if isinstance(players, int) else list(players)
    if len(bots) != len(names):
        msg = f"give one bot per player: {len(names)} players, {len(bots)} bots"
        raise ValueError(msg)
    setup: list[Event] = []
    s = new_game(
        len(names), names, seed=seed, first_game=first_game, expansions=tuple(expansions), events=setup
    )
    log: Log = [(None, setup)]
    while True:
        d = decision(s)
        if d is None:
            break
        for seat in d.players:
            view = view_for(s, seat)
            legal = legal_actions(view, seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            if on_decision is not None:
                on_decision(seat, time.perf_counter() - start)
            s, events = apply(s, action)
            log.append((action, events))
    return s, log


# --- readable transcript -------------------------------------------------------------------------

_HEADINGS = {"round.start", "age.start"}


def format_game(s: State, log: Log, levels: Sequence[str], lang: str | None = None) -> str:
    """The readable transcript: set-up, every round's events (public ones), the score sheets."""
    out: list[str] = []
    names = s.options.names
    bots = render(
        "play.bots-list",
        {
            "list": [
                f"{n} ({render(f'play.level.{lv}', None, lang)})" for n, lv in zip(names, levels, strict=True)
            ]
        },
        lang,
    )
    out.append(render("play.title", {"players": len(names), "seed": s.options.seed, "bots": bots}, lang))
    if s.options.first_game:
        out.append(render("play.first-game", None, lang))
    if s.options.thingvellir:
        out.append(render("play.thingvellir", None, lang))
    for _action, events in log:
        for e in events:
            if e.visible_to is not None:
                continue  # private to one player (the Pioneer's draw, Appendix F)
            if e.key in _HEADINGS:
                out.append("")
                out.append(f"== {e.text(lang)}")
            elif e.key in ("final.total", "final.winner", "final.shared"):
                continue  # the score sheet below says it in full
            else:
                out.append(f"  {e.text(lang)}")
    out.append("")
    out.append(f"== {render('play.final', None, lang)}")
    out.append(final_scores(s).text(lang))
    return "\n".join(out) + "\n"


def game_json(s: State, log: Log, levels: Sequence[str]) -> dict[str, Any]:
    """The action and event log as JSON values (``python -m nidlib play --json``)."""
    table = final_scores(s)
    return {
        "options": {**s.options.to_dict(), "bots": list(levels)},
        "actions": [str(a) for a, _ in log if a is not None],
        "events": [e.to_dict() for _, events in log for e in events],
        "scores": {p.name: p.total for p in table.players},
        "winners": list(table.winners),
    }
