"""The Mines of Zavandor pages: ``13-zavandor-play``, ``14-zavandor-simulation`` and
``15-zavandor-vs-nidavellir``.

Views over the ``zavandor`` engine (:func:`zavandor.apply` decides everything and its events say why,
citing ``zavandor/RULES.md``) and :mod:`auctionlab.zav` (charts of simulated games). Every chart that
depends on an unknown parameter says "illustrative" in its title.

Browser-test hooks: ``nt-zav-play`` (``nt-zav-new``, ``nt-zav-bid-<seat>``, ``nt-zav-reveal``,
``nt-zav-lots``, ``nt-zav-table``), ``nt-zav-sim`` (``nt-zav-run``, ``nt-zav-sim-status``),
``nt-zav-compare``.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as w
import numpy as np
from matplotlib.ticker import MaxNLocator

import zavandor as z
from auctionlab import picks
from auctionlab import zav as zs
from nidlib.core.messages import get_language
from widgets.auction_lab import _result
from widgets.labkit import LAB_CSS, Panel, Runner, RunPanel, chart, controls, figure, panel, seed_box, show, t
from widgets.lessons.page import Page, live
from widgets.render import each_in
from zavandor.bots import STRATEGIES, make_bot, observe
from zavandor.params import GEMS

__all__ = ["ComparePage", "PlayPage", "SimPage", "compare_panel", "play_panel", "sim_panel"]

PERSON = "person"
NAMES = ("Ana", "Bo", "Cy", "Di")


def gem_name(g: z.Gem) -> str:
    return z.render(f"gem.{g.value}", {}, get_language())


def _illustrative(text: str, illustrative: bool) -> str:
    return t("zlab.illustrative", title=text) if illustrative else text


# --- the play page -------------------------------------------------------------------------------------


def parse_bid(text: str, hand: tuple[int, int, int, int]) -> z.Bid:
    """``"0 1 3 0"`` (ruby, diamond, emerald, sapphire) as a bid; ``ValueError`` with a catalogue
    sentence when it is not four whole numbers (the engine checks the hand: Z-AUC-1)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return z.Bid()
    if len(parts) != 4 or not all(p.isdigit() for p in parts):
        raise ValueError(t("zlab.play.bad-bid", text=text))
    return z.Bid.of(*(int(p) for p in parts))


class PlayPanel(Panel):
    """The play page's :class:`~widgets.labkit.Panel`, with its game (``play``: tests drive it)."""

    def __init__(self, play: Play, title: str, cls: str, *children: w.Widget) -> None:
        super().__init__(title, cls, *children)
        self.play = play


class Play:
    """A game of 2-4 seats, people or named bots; one round per Reveal."""

    def __init__(self) -> None:
        style = {"description_width": "initial"}
        kinds = [(t("zlab.play.person"), PERSON)] + [(t(f"zlab.strategy.{s}"), s) for s in STRATEGIES]
        self.players = w.ToggleButtons(
            options=[(str(k), k) for k in range(2, 5)],
            value=3,
            description=t("alab.players"),
            style={"button_width": "3em"},
        )
        self.kinds = [
            w.Dropdown(
                options=kinds,
                value=PERSON if k == 0 else "threshold",
                description=NAMES[k],
                style=style,
                layout=w.Layout(width="16em"),
            )
            for k in range(4)
        ]
        self.seed = seed_box(7)
        self.new = w.Button(description=t("zlab.play.new"), button_style="primary").add_class("nt-zav-new")
        self.bids = [
            w.Password(
                placeholder=t("zlab.play.placeholder"),
                description=NAMES[k],
                style=style,
                layout=w.Layout(width="16em"),
            ).add_class(f"nt-zav-bid-{k}")
            for k in range(4)
        ]
        self.reveal = w.Button(description=t("zlab.play.reveal"), button_style="warning", disabled=True)
        self.reveal.add_class("nt-zav-reveal")
        self.message = _result("nt-zav-message")
        self.table = w.HTML().add_class("nt-zav-table")
        self.lots = w.HTML().add_class("nt-zav-lots")
        self.state: z.State | None = None
        self.strategies: list[str] = []
        self.bots: list[Any] = []
        self.new.on_click(lambda _: self.start())
        self.reveal.on_click(lambda _: self.play_round())
        self.players.observe(lambda _: self._layout(), names="value")
        self.bid_box = w.VBox()
        self._layout()
        self.widget = PlayPanel(
            self,
            t("zlab.play.heading"),
            "nt-zav-play",
            controls(self.players, self.seed, self.new),
            w.HBox(self.kinds).add_class("nt-alab-controls"),
            self.table,
            self.bid_box,
            self.reveal,
            self.message,
            self.lots,
        )

    def _layout(self) -> None:
        n = self.players.value
        for k, d in enumerate(self.kinds):
            d.layout.display = None if k < n else "none"
        people = [k for k in range(n) if self.state is not None and self.strategies[k] == PERSON]
        self.bid_box.children = tuple(self.bids[k] for k in people)

    def rng(self, seat: int) -> random.Random:
        assert self.state is not None
        return random.Random(f"zavandor-play/{self.seed.value}/{self.state.round}/{seat}")

    def start(self) -> None:
        n = self.players.value
        self.strategies = [self.kinds[k].value for k in range(n)]
        names = [NAMES[k] for k in range(n)]
        self.bots = [None if s == PERSON else make_bot(s) for s in self.strategies]
        self.state = z.new_game(names, seed=self.seed.value)
        self.lots.value = ""
        self._income()
        self._layout()
        self.reveal.disabled = False

    def _income(self) -> None:
        """Income and the bots' bank trades: the round waits for the people's bids."""
        assert self.state is not None
        s, _ = z.apply(self.state, z.Income())
        for seat in s.seat_order():
            bot = self.bots[seat]
            if bot is None:
                continue
            for give, take in bot.trades(observe(s, seat), self.rng(seat)):
                a = z.BankTrade(seat, give, take)
                if z.check(s, a) is None:
                    s, _ = z.apply(s, a)
        self.state = s
        for b in self.bids:
            b.value = ""
        self.message.value = escape(t("zlab.play.your-bids", round=s.round))
        self._table()

    def _table(self) -> None:
        s = self.state
        assert s is not None
        head = "".join(f"<th>{escape(gem_name(g))}</th>" for g in GEMS)
        rows = []
        sc = z.scores(s)
        for k, pl in enumerate(s.players):
            who = (
                t("zlab.play.person")
                if self.strategies[k] == PERSON
                else t(f"zlab.strategy.{self.strategies[k]}")
            )
            start = " ★" if k == s.start else ""
            cells = "".join(f"<td>{c}</td>" for c in pl.hand)
            rows.append(
                f"<tr><th scope=row>{escape(pl.name)}{start}</th><td>{escape(who)}</td>{cells}"
                f"<td>{pl.vp}</td><td>{len(pl.improvements)}</td><td>{pl.family}</td><td>{sc[k].total}</td></tr>"
            )
        cols = each_in(
            "th", map(t, ("zlab.play.vp", "zlab.play.cards", "zlab.play.family", "zlab.play.total"))
        )
        self.table.value = (
            f'<div class="nt-scroll-x" tabindex="0" role="region" aria-label="{escape(t("zlab.play.heading"))}"><table class="nt-alab-table"><caption>{escape(t("zlab.play.caption", round=s.round, hall=s.king))}'
            f"</caption><tr><th>{escape(t('zlab.play.player'))}</th><th>{escape(t('zlab.play.who'))}</th>{head}{cols}</tr>"
            f"{''.join(rows)}</table></div>"
        )

    def play_round(self) -> None:
        s = self.state
        if s is None or s.phase is z.Phase.OVER:
            return
        bids: list[z.Bid] = []
        try:
            for seat in range(s.n):
                bot = self.bots[seat]
                if bot is None:
                    bids.append(parse_bid(self.bids[seat].value, s.players[seat].hand))
                else:
                    bids.append(bot.bid(observe(s, seat), self.rng(seat)))
            s2, events = z.apply(s, z.Auction(tuple(bids)))
        except z.IllegalActionError as e:
            self.message.value = escape(e.violation.text(get_language()))
            return
        except ValueError as e:
            self.message.value = escape(str(e))
            return
        log = list(events)
        if s2.phase is z.Phase.KING and s2.king_mover is not None:
            mover = s2.king_mover
            options = z.king_options(s2)
            bot = self.bots[mover]
            to = options[0] if bot is None else bot.king(observe(s2, mover), options, self.rng(mover))
            s2, ev = z.apply(s2, z.MoveKing(mover, to))
            log += ev
        for seat in s2.seat_order():
            up = z.Upgrade(seat)
            bot = self.bots[seat]
            if z.check(s2, up) is None and (bot is None or bot.upgrade(observe(s2, seat), self.rng(seat))):
                s2, ev = z.apply(s2, up)
                log += ev
        s2, ev = z.apply(s2, z.EndRound())
        log += ev
        lang = get_language()
        items = "".join(
            f'<li class="nt-zav-event{" nt-alab-illustrative" if e.illustrative else ""}">{escape(e.text(lang))}</li>'
            for e in log
        )
        self.lots.value = f"<p><b>{escape(t('zlab.play.outcome', round=s.round))}</b></p><ul>{items}</ul>"
        self.state = s2
        if s2.phase is z.Phase.OVER:
            names = [s2.players[k].name for k in z.winners(s2)]
            self.message.value = escape(t("zlab.play.over", names=", ".join(names)))
            self.reveal.disabled = True
            self._table()
        else:
            self._income()


@live
def play_panel(start: bool = True) -> w.VBox:
    """The play page's panel (a game already started, so the page shows a round at once)."""
    p = Play()
    if start:
        p.start()
    return p.widget


# --- the simulation page -------------------------------------------------------------------------------


@live
def sim_panel() -> w.VBox:
    """Simulated games between named strategies: winning-bid histograms, value per gem, the King's tempo."""
    style = {"description_width": "initial"}
    opts = [(t(f"zlab.strategy.{s}"), s) for s in STRATEGIES]
    defaults = ("value", "threshold", "shading", "king")
    players = w.ToggleButtons(
        options=[(str(k), k) for k in range(2, 5)],
        value=4,
        description=t("alab.players"),
        style={"button_width": "3em"},
    )
    seats = [
        w.Dropdown(
            options=opts, value=defaults[k], description=NAMES[k], style=style, layout=w.Layout(width="15em")
        )
        for k in range(4)
    ]
    n_games = w.IntSlider(
        value=200, min=20, max=1000, step=20, description=t("alab.games.games"), style=style
    )
    seed = seed_box(1)
    run = w.Button(description=t("alab.run"), button_style="primary", icon="play").add_class("nt-zav-run")
    runner = Runner("nt-zav-sim")
    result = _result("nt-zav-sim-result")
    img1, img2 = chart("nt-zav-bids-chart"), chart("nt-zav-value-chart")
    img3 = chart("nt-zav-length-chart")
    box_stats: list[zs.ZavStats] = []
    params = z.Params()

    def seats_changed(_: Any = None) -> None:
        for k, d in enumerate(seats):
            d.layout.display = None if k < players.value else "none"

    def draw() -> None:
        st = box_stats[-1]
        ill = st.illustrative

        def build1() -> Any:
            fig = figure(7.6, 3.6)
            axes = fig.subplots(1, 4, sharey=True)
            for ax, g, thr in zip(axes, GEMS, params.bonus_thresholds, strict=True):
                c = st.bids[g]
                if c:
                    xs = sorted(c)
                    ax.bar(xs, [c[x] for x in xs], color="#2d6a8e")
                ax.axvline(params.card_threshold, ls="--", color="#b8862b")
                ax.axvline(thr, ls=":", color="#8e3b46")
                ax.set_title(gem_name(g))
                ax.set_xlabel(t("zlab.sim.bid"))
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            axes[0].set_ylabel(t("zlab.sim.lots"))
            fig.suptitle(_illustrative(t("zlab.sim.bids-title", games=st.games), ill), fontsize=10)
            return fig

        def build2() -> Any:
            fig = figure(7.6, 3.3)
            ax1, ax2 = fig.subplots(1, 2)
            vpg = st.value_per_gem()
            names = list(vpg)
            ax1.bar(range(len(names)), [vpg[k] for k in names], color="#b8862b")
            ax1.set_xticks(range(len(names)), [t(f"zlab.strategy.{k}") for k in names], fontsize=8)
            ax1.set_ylabel(t("zlab.sim.vp-per-gem"))
            ax1.set_title(_illustrative(t("zlab.sim.value-title"), ill), fontsize=10)
            kinds = sorted(set(st.strategies))
            ax2.bar(
                range(len(kinds)),
                [st.king_share(k) for k in kinds],
                color="#4f7d3a",
                label=t("zlab.sim.king-share"),
            )
            wins = [st.win_share(k) for k in kinds]
            ax2.errorbar(
                range(len(kinds)),
                [e.value for e in wins],
                yerr=[[e.value - e.low for e in wins], [e.high - e.value for e in wins]],
                fmt="o",
                color="#8e3b46",
                capsize=4,
                label=t("zlab.sim.win-share"),
            )
            ax2.set_xticks(range(len(kinds)), [t(f"zlab.strategy.{k}") for k in kinds], fontsize=8)
            ax2.set_title(_illustrative(t("zlab.sim.king-title"), ill), fontsize=10)
            ax2.legend(fontsize=8)
            return fig

        def build3() -> Any:
            fig = figure(7.6, 2.8)
            ax = fig.add_subplot()
            lengths = st.lengths
            if lengths:
                lo, hi = min(lengths), max(lengths)
                xs = list(range(lo, hi + 1))
                ax.bar(xs, [lengths.count(x) for x in xs], color="#6b5b95")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_xlabel(t("zlab.sim.rounds"))
            ax.set_ylabel(t("zlab.sim.games"))
            ax.set_title(_illustrative(t("zlab.sim.length-title"), ill), fontsize=10)
            return fig

        show(img1, build1)
        show(img2, build2)
        show(img3, build3)
        length = st.length()
        result.value = escape(
            t(
                "zlab.sim.result",
                games=st.games,
                rounds=f"{length.value:.1f}",
                low=f"{length.low:.1f}",
                high=f"{length.high:.1f}",
            )
        )

    def on_chunk(r: Any) -> int:
        box_stats[-1].add(r)
        return int(r.games)

    def on_done(stopped: bool, seconds: float) -> None:
        run.disabled = False

    def start(_: Any = None) -> None:
        if runner.running:
            return
        strategies = tuple(seats[k].value for k in range(players.value))
        box_stats.append(zs.ZavStats(strategies, card_vp=params.card_vp))
        run.disabled = True
        runner.start(
            n_games.value,
            zs.run(n_games.value, strategies, seed.value, params, chunk=10),
            on_chunk,
            on_done,
            draw,
        )

    players.observe(seats_changed, names="value")
    seats_changed()
    run.on_click(start)
    return RunPanel(
        runner,
        run,
        t("zlab.sim.heading"),
        "nt-zav-sim",
        controls(players, *seats),
        controls(n_games, seed, run),
        runner.box,
        result,
        img1,
        img2,
        img3,
        params_table(params),
    )


def params_table(p: z.Params) -> w.HTML:
    """Every Zavandor parameter with its value and confidence (``zavandor.Params``, docs/zavandor.md)."""
    import json

    lang = get_language()
    rows = []
    for row in z.describe():
        value = json.dumps(getattr(p, row["name"]), default=str)
        if len(value) > 48:
            value = value[:47] + "…"
        c = p.confidence(row["name"])  # a changed value is illustrative
        label = z.render(f"confidence.{c}", {}, lang)
        mark = ' class="nt-alab-illustrative"' if str(c) == "illustrative" else ""
        rows.append(
            f"<tr><td><code>{escape(row['name'])}</code></td><td><code>{escape(value)}</code></td>"
            f"<td{mark}>{escape(label)}</td></tr>"
        )
    head = each_in("th", map(t, ("zlab.params.name", "zlab.params.value", "zlab.params.confidence")))
    return w.HTML(
        f'<div class="nt-scroll-x" tabindex="0" role="region" aria-label="{escape(t("zlab.params.caption"))}">'
        f'<table class="nt-alab-table nt-zav-params"><caption>{escape(t("zlab.params.caption"))}</caption>'
        f"<tr>{head}</tr>{''.join(rows)}</table></div>"
    )


# --- the comparison page -------------------------------------------------------------------------------

ROWS = ("sold", "bids", "pays", "budget", "lots", "ties", "thresholds", "clock")


@live
def compare_panel() -> w.VBox:
    """The two auctions side by side: a table, and what one more unit of bid buys in each."""
    head = (
        f"<tr><th></th><th>{escape(t('zlab.cmp.nidavellir'))}</th>"
        f"<th>{escape(t('zlab.cmp.zavandor'))}</th></tr>"
    )
    rows = "".join(
        f"<tr><th scope=row>{escape(t(f'zlab.cmp.{r}'))}</th><td>{escape(t(f'zlab.cmp.{r}.nid'))}</td>"
        f"<td>{escape(t(f'zlab.cmp.{r}.zav'))}</td></tr>"
        for r in ROWS
    )
    table = w.HTML(
        f'<div class="nt-scroll-x" tabindex="0" role="region" aria-label="{escape(t("zlab.cmp.heading"))}"><table class="nt-alab-table nt-zav-compare-table">{head}{rows}</table></div>'
    )
    players = w.ToggleButtons(
        options=[(str(k), k) for k in range(2, 5)],
        value=3,
        description=t("alab.players"),
        style={"button_width": "3em"},
    )
    img = chart("nt-zav-compare-chart")
    params = z.Params()

    def draw(_: Any = None) -> None:
        n = players.value
        ranks = picks.rank_values(n, draws=6000, seed=1)

        def build() -> Any:
            fig = figure(7.6, 3.3)
            ax1, ax2 = fig.subplots(1, 2)
            xs = np.arange(1, n + 1)
            ax1.bar(xs, [e.value for e in ranks.ranks], color="#b8862b")
            ax1.set_xticks(xs)
            ax1.set_xlabel(t("alab.picks.rank"))
            ax1.set_ylabel(t("alab.picks.worth"))
            ax1.set_title(t("zlab.cmp.nid-title", players=n), fontsize=10)
            bids = np.arange(0, 11)
            for g, thr in zip(GEMS, params.bonus_thresholds, strict=True):
                vp = [
                    0
                    if b == 0
                    else params.small_win_vp
                    if b < params.card_threshold
                    else params.card_vp + (params.bonus_vp if b >= thr else 0)
                    for b in bids
                ]
                ax2.step(bids, vp, where="post", label=gem_name(g))
            ax2.set_xlabel(t("zlab.sim.bid"))
            ax2.set_ylabel(t("zlab.cmp.reward"))
            ax2.set_title(_illustrative(t("zlab.cmp.zav-title"), True), fontsize=10)
            ax2.legend(fontsize=8)
            return fig

        show(img, build)

    players.observe(draw, names="value")
    draw()
    return panel(t("zlab.cmp.heading"), "nt-zav-compare", table, controls(players), img)


# --- the notebooks' pages (``from widgets.zavandor_lab import PlayPage as lab``) -------------------------


class _PlayPage(Page):
    """Notebook 13: the page (:class:`~widgets.lessons.page.Page`) and its panel."""

    play_panel = staticmethod(play_panel)


class _SimPage(Page):
    """Notebook 14: the page and its panel."""

    sim_panel = staticmethod(sim_panel)


class _ComparePage(Page):
    """Notebook 15: the page and its panel."""

    compare_panel = staticmethod(compare_panel)


PlayPage = _PlayPage("13-zavandor-play", extra_css=LAB_CSS)
SimPage = _SimPage("14-zavandor-simulation", extra_css=LAB_CSS)
ComparePage = _ComparePage("15-zavandor-vs-nidavellir", extra_css=LAB_CSS)
