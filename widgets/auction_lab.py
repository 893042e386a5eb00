"""The teachers' auction lab for Nidavellir: pages ``11-auction-lab-bidding`` and ``12-auction-lab-games``.

Thin views over :mod:`auctionlab` (the models, unit-tested there): controls, a result sentence and
charts that are redrawn when a control changes. Long simulations (whole games) run through
:class:`widgets.labkit.Runner` (chunks on a thread, progress bar, Stop).

Browser-test hooks: ``nt-alab-fp``, ``nt-alab-picks``, ``nt-alab-blotto``, ``nt-alab-games``,
``nt-alab-ties`` (panels), ``nt-alab-run`` (the games' Run button), ``nt-alab-seed``, result lines
``nt-alab-*-result``.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w
import numpy as np

from auctionlab import blotto as bl
from auctionlab import fpsb, games, picks, tiebreak
from auctionlab.stats import mean_ci, proportion_ci
from nidlib.core.messages import term
from widgets.labkit import LAB_CSS, Runner, RunPanel, chart, controls, figure, panel, seed_box, show, t
from widgets.lessons.page import Page, live

__all__ = [
    "BiddingPage",
    "GamesPage",
    "bidding_header",
    "blotto_panel",
    "first_price",
    "footer",
    "games_panel",
    "header",
    "pick_value",
    "say",
    "tie_panel",
]

BIDDING = "11-auction-lab-bidding"
GAMES = "12-auction-lab-games"


# --- page plumbing (the notebooks call these) ------------------------------------------------------


def _result(cls: str) -> w.HTML:
    return w.HTML().add_class("nt-alab-result").add_class(cls)


def _error_bars(ax: Any, xs: Any, ests: list[Any], **kw: Any) -> None:
    vals = np.array([e.value for e in ests])
    lo = np.array([e.value - e.low for e in ests])
    hi = np.array([e.high - e.value for e in ests])
    ax.bar(xs, vals, yerr=np.vstack([lo, hi]), capsize=4, **kw)


def _say(result: w.HTML, key: str, **params: Any) -> None:
    """The panel's result sentence, from the message catalogue."""
    result.value = escape(t(key, **params))


def _estimates_and_panel(
    size: tuple[float, float], xs: Any, ests: list[Any], color: str, labels: tuple[str, str, str]
) -> tuple[Any, Any]:
    """A figure of two panels: estimates with their error bars on the left (``labels``: x, y, title);
    returns the figure and the right panel's axes, left for the caller to draw on."""
    fig = figure(*size)
    ax1, ax2 = fig.subplots(1, 2)
    _error_bars(ax1, xs, ests, color=color)
    ax1.set_xticks(xs)
    ax1.set_xlabel(labels[0])
    ax1.set_ylabel(labels[1])
    ax1.set_title(labels[2])
    return fig, ax2


# --- (e) first-price basics -----------------------------------------------------------------------------


@live
def first_price() -> w.VBox:
    """Bid shading against equilibrium rivals, and the winner's curse (common values)."""
    n = w.IntSlider(
        value=3, min=2, max=8, description=t("alab.fp.bidders"), style={"description_width": "initial"}
    )
    noise = w.FloatSlider(
        value=0.2,
        min=0.05,
        max=0.5,
        step=0.05,
        description=t("alab.fp.noise"),
        style={"description_width": "initial"},
    )
    seed = seed_box(1)
    result = _result("nt-alab-fp-result")
    img1, img2 = chart("nt-alab-fp-chart"), chart("nt-alab-curse-chart")

    def draw(_: Any = None) -> None:
        curve = fpsb.shading_curve(n.value, seed=seed.value)
        theory = fpsb.equilibrium_shade(n.value)
        _say(result, "alab.fp.result", best=f"{curve.best:.2f}", theory=f"{theory:.2f}", n=n.value)

        def build1() -> Any:
            fig = figure(6.4, 3.3)
            ax = fig.add_subplot()
            ax.plot(curve.alphas, curve.payoff, lw=2)
            ax.axvline(theory, ls="--", color="#444", label=t("alab.fp.theory-line", theory=f"{theory:.2f}"))
            ax.axvline(
                curve.best, ls=":", color="#8e3b46", label=t("alab.fp.best-line", best=f"{curve.best:.2f}")
            )
            ax.set_xlabel(t("alab.fp.x"))
            ax.set_ylabel(t("alab.fp.y"))
            ax.set_title(t("alab.fp.title", n=n.value))
            ax.legend(loc="lower left")
            return fig

        curse = fpsb.winners_curse(list(range(2, 9)), noise.value, seed=seed.value)

        def build2() -> Any:
            fig = figure(6.4, 3.0)
            ax = fig.add_subplot()
            ax.plot(curse.ns, curse.naive, "o-", label=t("alab.curse.naive"))
            ax.plot(curse.ns, curse.corrected, "s--", label=t("alab.curse.corrected"))
            ax.axhline(0, color="#444", lw=0.8)
            ax.set_xlabel(t("alab.curse.x"))
            ax.set_ylabel(t("alab.curse.y"))
            ax.set_title(t("alab.curse.title", noise=f"{noise.value:.2f}"))
            ax.legend()
            return fig

        show(img1, build1)
        show(img2, build2)

    for c in (n, noise, seed):
        c.observe(draw, names="value")
    draw()
    return panel(t("alab.fp.heading"), "nt-alab-fp", controls(n, noise, seed), result, img1, img2)


# --- (a) what is first pick worth? ---------------------------------------------------------------------


@live
def pick_value() -> w.VBox:
    """Expected worth of each pick rank in one tavern, from nidlib's Age decks, by player count."""
    players = w.ToggleButtons(
        options=[(str(k), k) for k in range(2, 6)],
        value=3,
        description=t("alab.players"),
        style={"button_width": "3em"},
    )
    age = w.ToggleButtons(
        options=[(t("alab.picks.age", age=1), 1), (t("alab.picks.age", age=2), 2)],
        value=1,
        style={"button_width": "6em"},
    )
    profile = w.Dropdown(
        options=[(t(f"alab.picks.profile.{p}"), p) for p in picks.PROFILES],
        value="empty",
        description=t("alab.picks.profile"),
        style={"description_width": "initial"},
    )
    k = w.IntSlider(
        value=2, min=0, max=6, description=t("alab.picks.k"), style={"description_width": "initial"}
    )
    seed = seed_box(1)
    result = _result("nt-alab-picks-result")
    img = chart("nt-alab-picks-chart")

    def draw(_: Any = None) -> None:
        rows = {
            n: picks.rank_values(
                n, age=age.value, profile=profile.value, k=k.value, draws=8000, seed=seed.value
            )
            for n in range(2, 6)
        }
        r = rows[players.value]
        _say(
            result,
            "alab.picks.result",
            players=r.players,
            cards=r.cards,
            first=f"{r.ranks[0].value:.1f}",
            last=f"{r.ranks[-1].value:.1f}",
            gap=f"{r.gaps[0].value:.1f}",
        )

        def build() -> Any:
            labels = (t("alab.picks.rank"), t("alab.picks.worth"), t("alab.picks.title", players=r.players))
            xs = np.arange(1, r.players + 1)
            fig, ax2 = _estimates_and_panel((7.4, 3.4), xs, list(r.ranks), "#b8862b", labels)
            for n, rv in rows.items():
                ax2.plot(
                    range(1, n),
                    [g.value for g in rv.gaps],
                    "o-",
                    label=t("alab.n-players", n=n),
                    lw=2.5 if n == r.players else 1,
                )
            ax2.set_xlabel(t("alab.picks.step"))
            ax2.set_ylabel(t("alab.picks.gap"))
            ax2.set_title(t("alab.picks.gap-title"))
            ax2.legend(fontsize=8)
            return fig

        show(img, build)

    for c in (players, age, profile, k, seed):
        c.observe(draw, names="value")
    draw()
    return panel(
        t("alab.picks.heading"),
        "nt-alab-picks",
        controls(players, age),
        controls(profile, k, seed),
        result,
        img,
    )


# --- (b) Colonel Blotto ---------------------------------------------------------------------------------


def _plan(p: tuple[int, ...]) -> str:
    return " / ".join(str(c) for c in p)


@live
def blotto_panel() -> w.VBox:
    """The 2-player one-round coin allocation solved by LP: value, mixed equilibrium, the 0-coin trade."""
    style = {"description_width": "initial"}
    d = [
        w.FloatSlider(value=1.0, min=0.0, max=3.0, step=0.25, description=term(f"@tavern.{i}"), style=style)
        for i in range(3)
    ]
    wv = w.FloatSlider(value=0.1, min=0.0, max=1.0, step=0.05, description=t("alab.blotto.w"), style=style)
    gem = w.ToggleButtons(
        options=[(t("alab.blotto.gem-a"), True), (t("alab.blotto.gem-b"), False)], value=True
    )
    result = _result("nt-alab-blotto-result")
    table = w.HTML().add_class("nt-alab-blotto-table")
    img = chart("nt-alab-blotto-chart")
    ws = [round(x, 2) for x in np.linspace(0, 1, 21)]
    cache: dict[tuple[Any, ...], list[bl.Blotto]] = {}

    def draw(_: Any = None) -> None:
        weights = tuple(s.value for s in d)
        game = bl.blotto(weights, wv.value, gem.value)
        key = (weights, gem.value)
        if key not in cache:
            cache[key] = bl.sweep(ws, weights, gem.value)
        curve = cache[key]
        _say(
            result,
            "alab.blotto.result",
            value=f"{game.value:+.3f}",
            pa=f"{game.p_zero('a'):.2f}",
            pb=f"{game.p_zero('b'):.2f}",
            w=f"{wv.value:.2f}",
        )
        rows = "".join(
            f"<tr><td>{escape(_plan(p))}</td><td>{q:.3f}</td></tr>" for p, q in game.support("a")[:8]
        )
        table.value = (
            f'<div class="nt-scroll-x" tabindex="0" role="region" aria-label="{escape(t("alab.blotto.support"))}"><table class="nt-alab-table"><caption>{escape(t("alab.blotto.support"))}</caption>'
            f"<tr><th>{escape(t('alab.blotto.plan'))}</th><th>{escape(t('alab.blotto.prob'))}</th></tr>"
            f"{rows}</table></div>"
        )

        def build() -> Any:
            fig = figure(7.4, 3.2)
            ax1, ax2 = fig.subplots(1, 2)
            ax1.plot(ws, [g.p_zero("a") for g in curve], "o-", label=t("alab.blotto.pa"))
            ax1.plot(ws, [g.p_zero("b") for g in curve], "s--", label=t("alab.blotto.pb"))
            ax1.axvline(wv.value, color="#444", lw=0.8)
            ax1.set_xlabel(t("alab.blotto.w"))
            ax1.set_ylabel(t("alab.blotto.p0"))
            ax1.set_title(t("alab.blotto.p0-title"))
            ax1.legend(fontsize=8)
            ax2.plot(ws, [g.value for g in curve], "o-", color="#2d6a8e")
            ax2.axvline(wv.value, color="#444", lw=0.8)
            ax2.set_xlabel(t("alab.blotto.w"))
            ax2.set_ylabel(t("alab.blotto.value"))
            ax2.set_title(t("alab.blotto.value-title"))
            return fig

        show(img, build)

    for c in (*d, wv, gem):
        c.observe(draw, names="value")
    draw()
    return panel(
        t("alab.blotto.heading"),
        "nt-alab-blotto",
        controls(*d),
        controls(wv, gem),
        result,
        w.HBox([img, table]).add_class("nt-alab-charts"),
    )


# --- (c) coin building and the 0-coin trade over whole games --------------------------------------------


@live
def games_panel() -> w.VBox:
    """Whole games by nidlib's engine, seats with trade policies: win rate and score decomposition."""
    style = {"description_width": "initial"}
    players = w.ToggleButtons(
        options=[(str(k), k) for k in range(2, 6)],
        value=3,
        description=t("alab.players"),
        style={"button_width": "3em"},
    )
    pol_opts = [(t(f"alab.policy.{p}"), p) for p in games.POLICIES]
    pa = w.Dropdown(options=pol_opts, value="trade", description=t("alab.games.policy-a"), style=style)
    pb = w.Dropdown(options=pol_opts, value="keep", description=t("alab.games.policy-b"), style=style)
    n_games = w.IntSlider(
        value=200, min=20, max=2000, step=20, description=t("alab.games.games"), style=style
    )
    seed = seed_box(1)
    run = w.Button(description=t("alab.run"), button_style="primary", icon="play")
    run.add_class("nt-alab-run")
    runner = Runner("nt-alab-games")
    result = _result("nt-alab-games-result")
    img = chart("nt-alab-games-chart")
    acc: list[games.GameResult] = []

    def summary() -> dict[str, Any]:
        pols = sorted({pa.value, pb.value}, key=games.POLICIES.index)
        out: dict[str, Any] = {}
        for p in pols:
            seats = [(g, k) for g in acc for k, q in enumerate(g.policies) if q == p]
            if not seats:
                continue
            wins = sum(1 / len(g.winners) for g, k in seats if k in g.winners)
            out[p] = {
                "win": proportion_ci(wins, len(seats)),
                "parts": {
                    part: mean_ci([g.parts[k][part] for g, k in seats]) for part in (*games.GROUPS, "other")
                },
                "total": mean_ci([g.totals[k] for g, k in seats]),
                "n": len(seats),
            }
        return out

    def draw() -> None:
        s = summary()
        if not s:
            return
        fair = 1 / players.value

        def build() -> Any:
            fig = figure(7.4, 3.4)
            ax1, ax2 = fig.subplots(1, 2)
            names = list(s)
            xs = np.arange(len(names))
            _error_bars(ax1, xs, [s[p]["win"] for p in names], color=["#b8862b", "#2d6a8e"][: len(names)])
            ax1.axhline(fair, ls="--", color="#444", label=t("alab.games.fair", share=f"{fair:.2f}"))
            ax1.set_xticks(xs, [t(f"alab.policy.{p}") for p in names])
            ax1.set_ylabel(t("alab.games.win"))
            ax1.set_title(t("alab.games.win-title", games=len(acc), players=players.value))
            ax1.legend(fontsize=8)
            bottom = np.zeros(len(names))
            for part in (*games.GROUPS, "other"):
                vals = np.array([s[p]["parts"][part].value for p in names])
                ax2.bar(xs, vals, bottom=bottom, label=t(f"alab.games.part.{part}"))
                bottom += vals
            tot = [s[p]["total"] for p in names]
            ax2.errorbar(
                xs,
                [e.value for e in tot],
                yerr=[[e.value - e.low for e in tot], [e.high - e.value for e in tot]],
                fmt="none",
                ecolor="#000",
                capsize=5,
            )
            ax2.set_xticks(xs, [t(f"alab.policy.{p}") for p in names])
            ax2.set_ylabel(t("alab.games.points"))
            ax2.set_title(t("alab.games.parts-title"))
            ax2.legend(fontsize=8, loc="lower right")
            return fig

        show(img, build)
        lines = [
            t(
                "alab.games.line",
                policy=t(f"alab.policy.{p}"),
                win=f"{v['win'].value:.2f}",
                low=f"{v['win'].low:.2f}",
                high=f"{v['win'].high:.2f}",
                coins=f"{v['parts']['coins'].value:.1f}",
                total=f"{v['total'].value:.1f}",
                half=f"{v['total'].half_width:.1f}",
            )
            for p, v in s.items()
        ]
        result.value = "<br>".join(escape(x) for x in lines)

    def on_chunk(chunk: list[games.GameResult]) -> int:
        acc.extend(chunk)
        return len(chunk)

    def on_done(stopped: bool, seconds: float) -> None:
        run.disabled = False

    def start(_: Any = None) -> None:
        if runner.running:
            return
        acc.clear()
        run.disabled = True
        total = n_games.value
        chunk = max(10, total // 20)
        runner.start(
            total,
            games.run(total, players.value, [pa.value, pb.value], seed.value, chunk=chunk),
            on_chunk,
            on_done,
            draw,
        )

    run.on_click(start)
    return RunPanel(
        runner,
        run,
        t("alab.games.heading"),
        "nt-alab-games",
        controls(players),
        controls(pa, pb),
        controls(n_games, seed, run),
        runner.box,
        result,
        img,
    )


# --- (d) tie-break lab ----------------------------------------------------------------------------------


@live
def tie_panel() -> w.VBox:
    """Tie frequency and who wins ties under four tie rules, by player count."""
    style = {"description_width": "initial"}
    rule = w.Dropdown(
        options=[(t(f"alab.ties.rule.{r}"), r) for r in tiebreak.RULES],
        value="swap",
        description=t("alab.ties.rule"),
        style=style,
    )
    rounds = w.IntSlider(value=8, min=1, max=12, description=t("alab.ties.rounds"), style=style)
    seed = seed_box(1)
    result = _result("nt-alab-ties-result")
    img = chart("nt-alab-ties-chart")

    def draw(_: Any = None) -> None:
        stats = {
            n: tiebreak.tie_lab(rule.value, n, games=300, rounds=rounds.value, seed=seed.value)
            for n in range(2, 6)
        }
        rates = {n: s.tie_rate for n, s in stats.items()}
        top = {n: s.shares()[-1].value for n, s in stats.items()}
        _say(
            result,
            "alab.ties.result",
            rule=t(f"alab.ties.rule.{rule.value}"),
            r3=f"{rates[3].value:.2f}",
            top3=f"{top[3]:.2f}",
            top5=f"{top[5]:.2f}",
        )

        def build() -> Any:
            ns = list(stats)
            labels = (t("alab.players"), t("alab.ties.rate"), t("alab.ties.rate-title"))
            fig, ax2 = _estimates_and_panel((7.4, 3.3), ns, [rates[n] for n in ns], "#2d6a8e", labels)
            width = 0.18
            for j, n in enumerate(ns):
                sh = stats[n].shares()
                xs = np.arange(n) + (j - 1.5) * width
                ax2.bar(xs, [e.value for e in sh], width, label=t("alab.n-players", n=n))
            ax2.set_xlabel(t("alab.ties.gem"))
            ax2.set_xticks(range(5), [t("alab.ties.gem-k", k=k + 1) for k in range(5)], fontsize=8)
            ax2.set_ylabel(t("alab.ties.share"))
            ax2.set_title(t("alab.ties.share-title", rule=t(f"alab.ties.rule.{rule.value}")))
            ax2.legend(fontsize=8)
            return fig

        show(img, build)

    for c in (rule, rounds, seed):
        c.observe(draw, names="value")
    draw()
    return panel(t("alab.ties.heading"), "nt-alab-ties", controls(rule, rounds, seed), result, img)


# --- the notebooks' pages (``from widgets.auction_lab import BiddingPage as lab``) ----------------------


class _BiddingPage(Page):
    """Notebook 11: the page (:class:`~widgets.lessons.page.Page`) and its panels."""

    first_price = staticmethod(first_price)
    pick_value = staticmethod(pick_value)
    blotto = staticmethod(blotto_panel)


class _GamesPage(Page):
    """Notebook 12: the page and its panels."""

    games = staticmethod(games_panel)
    ties = staticmethod(tie_panel)


BiddingPage = _BiddingPage(BIDDING, extra_css=LAB_CSS)
GamesPage = _GamesPage(GAMES, extra_css=LAB_CSS)
bidding_header = BiddingPage.header
header, say, footer = GamesPage.header, GamesPage.say, GamesPage.footer
