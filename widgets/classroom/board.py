"""What lesson 8 shows a class about one round: the bids table with the pick order, the ties and the gem
exchanges marked, the round's statistics and the scoreboard (pure functions returning HTML).

Nothing here decides a rule: the pick order, the ties and the exchanges are read from nidlib's own
events (``order.result``, ``order.tie*``, ``gem.swap``) and the coins from nidlib's states, as the
engine produced them; the scores come from ``nidlib.final_scores``. Only what the teacher has
revealed is read (:func:`tavern_results` takes the events shown so far).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

import nidlib
from nidlib.core.coins import Coin
from nidlib.core.events import Event
from nidlib.core.messages import term
from nidlib.core.state import State
from widgets.render import card_html, coin_html, each_in, gem_html, t

__all__ = [
    "BOARD_CSS",
    "TavernResult",
    "bids_table_html",
    "scoreboard_html",
    "stats_html",
    "tavern_results",
]

REVEAL = "reveal.bids"
TIE_KEYS = ("order.tie", "order.tie2", "order.tie-six", "order.tie2-six")

BOARD_CSS = """
.nt-class-bids { width: 100%; table-layout: auto; }
.nt-class-bids td, .nt-class-bids th { text-align: center; vertical-align: middle; padding: .2em .3em; }
.nt-class-bids thead th { white-space: nowrap; }
.nt-class-bids thead .nt-gem { font-size: .7em; }
.nt-class-bids tbody th { text-align: left; font-weight: 600; }
.nt-class-tavern { width: 1%; white-space: nowrap; }
.nt-class-current { background: #fff8e6; box-shadow: inset 4px 0 0 var(--nt-accent, #1f5f99); }
.nt-class-sign { display: block; font-size: .85em; }
.nt-class-cards { display: flex; flex-wrap: nowrap; gap: .15em; font-size: .7em; }
.nt-class-cards .nt-card-sm { width: 4.4em; min-height: 0; height: 4.6em; overflow: hidden; }
.nt-class-cards .nt-card-ability, .nt-class-cards .nt-card-title, .nt-class-cards .nt-card-name { display: none; }
.nt-class-cell { display: inline-flex; align-items: center; gap: .15em; flex-wrap: wrap; justify-content: center; max-width: 7em; }
.nt-class-rank { display: inline-flex; align-items: center; justify-content: center; min-width: 1.5em; height: 1.5em;
  border-radius: 50%; background: var(--nt-accent, #1f5f99); color: #fff; font-weight: 700; font-size: .85em; }
.nt-class-rank-1 { background: #b8862b; }
.nt-class-tie { color: #7a2e00; background: #fff1e0; border: 1px solid #e0a060; border-radius: 4px;
  padding: 0 .25em; font-size: .8em; font-weight: 700; }
.nt-class-swap { color: #24526f; background: #e6f1f8; border: 1px solid #7fb0cf; border-radius: 4px;
  padding: 0 .25em; font-size: .8em; }
.nt-class-took { display: block; font-size: .7em; line-height: 1.15; color: var(--nt-muted, #555); white-space: normal; }
.nt-class-legend { font-size: .7em; line-height: 1.3; color: var(--nt-muted, #555); margin: .2em 0 .4em; }
.nt-class-small { font-size: .8em; line-height: 1.25; }
.nt-class-small td, .nt-class-small th { padding: .1em .4em; text-align: center; }
.nt-class-small .nt-gem { font-size: .8em; }
.nt-class-small tbody th { text-align: left; }
.nt-class-lead { font-weight: 800; }
"""


@dataclass
class TavernResult:
    """One revealed tavern of the round, as nidlib resolved it (player indices throughout)."""

    tavern: int
    #: the coin each player bid here (None: no coin there, e.g. Uline's owner before laying one)
    coins: list[Coin | None]
    #: the pick order (R-ORDER-1/2), from the engine's ``order.result`` event
    order: list[int]
    #: groups of tied players, highest gem first (R-ORDER-2), from the ``order.tie*`` events
    ties: list[list[int]] = field(default_factory=list)
    #: gems after this tavern's exchange: player -> (old gem, new gem) (R-GEM-2), from ``gem.swap``
    swaps: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: what each player took here (card names), from the ``pick.*`` events
    took: dict[int, str] = field(default_factory=dict)
    #: the same, as the events name the cards (catalogue terms, ``@...``: any language renders them)
    took_terms: dict[int, str] = field(default_factory=dict)

    @property
    def bids(self) -> list[int | None]:
        """The value of each player's bid."""
        return [None if c is None else c.value for c in self.coins]

    def rank(self, player: int) -> int:
        return self.order.index(player) + 1 if player in self.order else 0

    def tied(self, player: int) -> bool:
        return any(player in g for g in self.ties)


def tavern_results(history: Sequence[tuple[State, Sequence[Event]]], revealed: int) -> list[TavernResult]:
    """The taverns revealed so far this round (at most ``revealed``), from the round's history entries.

    ``history`` holds (state, the public events that led to it) for each entry of the round, oldest
    first, each entry's events already cut to those shown (the round's own, up to the reveals the
    teacher pressed). The coins are read from the state of the entry where the tavern was revealed.
    """
    out: list[TavernResult] = []
    for state, events in history:
        names = {p.name: i for i, p in enumerate(state.players)}
        for e in events:
            if e.key == REVEAL:
                if len(out) >= revealed:
                    return out
                k = int(str(e.params["tavern"]).rsplit(".", 1)[-1])
                out.append(TavernResult(k, [p.slots[k] for p in state.players], []))
            elif not out:
                continue
            elif e.key == "order.result":
                out[-1].order = [names[n] for n in e.params["order"]]
            elif e.key in TIE_KEYS:
                out[-1].ties.append([names[n] for n in e.params["names"]])
            elif e.key == "gem.swap":
                a, b = names[e.params["a"]], names[e.params["b"]]
                ga, gb = int(e.params["gem_a"]), int(e.params["gem_b"])
                out[-1].swaps[a] = (gb, ga)
                out[-1].swaps[b] = (ga, gb)
            elif e.key.startswith("pick.") and "card" in e.params and e.params.get("name") in names:
                out[-1].took[names[e.params["name"]]] = term(str(e.params["card"]))
                out[-1].took_terms[names[e.params["name"]]] = str(e.params["card"])
    return out


def _cell(result: TavernResult, player: int) -> str:
    """A revealed coin with its marks: pick rank, tie, gem exchange, and the card taken."""
    parts = [coin_html(result.coins[player])]
    rank = result.rank(player)
    if rank:
        label = escape(t("lesson08.table.rank-label", n=rank))
        parts.append(
            f'<span class="nt-class-rank nt-class-rank-{rank}" title="{label}" aria-label="{label}">{rank}</span>'
        )
    if result.tied(player):
        parts.append(
            f'<span class="nt-class-tie" title="{escape(t("lesson08.table.tie-label"))}">'
            f"{escape(t('lesson08.table.tie'))}</span>"
        )
    if player in result.swaps:
        old, new = result.swaps[player]
        parts.append(
            f'<span class="nt-class-swap">{escape(t("lesson08.table.swap", old=old, new=new))}</span>'
        )
    took = result.took.get(player)
    tail = f'<span class="nt-class-took">{escape(t("lesson08.table.took", card=took))}</span>' if took else ""
    return f'<span class="nt-class-cell">{"".join(parts)}</span>{tail}'


def bids_table_html(
    state: State,
    results: Sequence[TavernResult],
    *,
    sealed: State | None = None,
    taverns: Sequence[Sequence[str]] | None = None,
) -> str:
    """The round on one table: a row per tavern (its sign and the cards still in it), a column per
    player (name and gem). A revealed tavern shows the coins with the pick order (1, 2, 3...), the
    ties and the gem exchange marked, and the card each player took; the others show the coins face
    down (``sealed``: the state whose tavern spaces hold the sealed coins; none shown without it).
    ``taverns``: the cards to show in each tavern (by default ``state.taverns``)."""
    cards_in = state.taverns if taverns is None else taverns
    by_tavern = {r.tavern: r for r in results}
    players = state.players
    head = "".join(
        f'<th scope="col" data-player="{i}">{escape(p.name)} {gem_html(p.gem)}</th>'
        for i, p in enumerate(players)
    )
    rows = []
    for k in range(3):
        r = by_tavern.get(k)
        cells = []
        for i in range(len(players)):
            if r is not None:
                body = _cell(r, i)
            else:
                coin = None if sealed is None else sealed.players[i].slots[k]
                body = coin_html(coin, face_up=False) if coin is not None else coin_html(None)
            cells.append(f'<td data-player="{i}" data-tavern="{k}">{body}</td>')
        cards = "".join(card_html(cid, size="sm") for cid in cards_in[k])
        current = " nt-class-current" if state.tavern == k and r is not None and cards else ""
        sign = (
            f'<th scope="row" class="nt-class-tavern{current}"><span class="nt-class-sign">'
            f'{escape(term(f"@tavern.{k}"))}</span><span class="nt-class-cards">{cards}</span></th>'
        )
        rows.append(f"<tr>{sign}{''.join(cells)}</tr>")
    legend = f'<p class="nt-class-legend">{escape(t("lesson08.table.legend"))}</p>' if results else ""
    return (
        f'<table class="nt-score-table nt-class-bids"><caption class="nt-sr-only">'
        f"{escape(t('lesson08.table.caption'))}</caption><thead><tr><th></th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{legend}"
    )


def stats_html(results: Sequence[TavernResult]) -> str:
    """The round's statistics over the revealed taverns: highest and average bid, ties, exchanges."""
    if not results:
        return ""
    rows = []
    for r in results:
        values = [v for v in r.bids if v is not None]
        high = max(values) if values else 0
        mean = sum(values) / len(values) if values else 0.0
        tied = sum(len(g) for g in r.ties)
        swaps = len(r.swaps) // 2
        rows.append(
            f'<tr><th scope="row">{escape(term(f"@tavern.{r.tavern}"))}</th><td>{high}</td><td>{mean:.1f}</td>'
            f"<td>{tied}</td><td>{swaps}</td></tr>"
        )
    keys = ("lesson08.stats.high", "lesson08.stats.mean", "lesson08.stats.tied", "lesson08.stats.swaps")
    head = each_in("th", map(t, keys), 'scope="col"')
    return (
        f'<div class="nt-class-stats"><p class="nt-lesson-caption">{escape(t("lesson08.stats.title"))}</p>'
        f'<table class="nt-score-table nt-class-small" style="width:auto"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def scoreboard_html(state: State) -> str:
    """Each player's gem, coins and score so far (``nidlib.final_scores``; provisional until the end)."""
    table = nidlib.final_scores(state)
    totals = [ps.total for ps in table.players]
    best = max(totals) if totals else 0
    rows = []
    for p, ps in zip(state.players, table.players, strict=True):
        coins = sum(c.value for c in (*p.hand, *p.slots) if c is not None)
        lead = ' class="nt-class-lead"' if ps.total == best and best > 0 else ""
        rows.append(
            f'<tr{lead}><th scope="row">{escape(p.name)}</th><td>{gem_html(p.gem)}</td><td>{coins}</td>'
            f"<td>{ps.total}</td></tr>"
        )
    head = each_in(
        "th", map(t, ("lesson08.score.gem", "lesson08.score.coins", "lesson08.score.total")), 'scope="col"'
    )
    return (
        f'<div class="nt-class-scoreboard"><p class="nt-lesson-caption">{escape(t("lesson08.score.title"))}</p>'
        f'<table class="nt-score-table nt-class-small" style="width:auto"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
