"""The auction-lab and Zavandor pages from Python: set values, click, read what the page shows."""

from __future__ import annotations

import ipywidgets as w
import pytest

import zavandor as z
from auctionlab import blotto, fpsb
from nidlib.core.messages import render, set_language
from widgets import auction_lab as lab
from widgets import labkit
from widgets import zavandor_lab as zl

PNG = b"\x89PNG"


def find(box: w.Widget, cls: str) -> w.Widget:
    todo = [box]
    while todo:
        x = todo.pop(0)
        if cls in getattr(x, "_dom_classes", ()):
            return x
        todo.extend(getattr(x, "children", ()))
    raise LookupError(cls)


def controls_of(box: w.Widget, kind: type) -> list[w.Widget]:
    out, todo = [], [box]
    while todo:
        x = todo.pop(0)
        if isinstance(x, kind):
            out.append(x)
        todo.extend(getattr(x, "children", ()))
    return out


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def test_first_price_panel_follows_the_bidders_slider() -> None:
    box = lab.first_price()
    result = find(box, "nt-alab-fp-result")
    chart = find(box, "nt-alab-fp-chart")
    assert labkit.png_bytes(chart).startswith(PNG)
    assert 'alt="' + render("alab.fp.title", {"n": 3}) in chart.value.replace("&#x27;", "'")
    slider = next(s for s in controls_of(box, w.IntSlider) if s.description == render("alab.fp.bidders"))
    slider.value = 5
    best = fpsb.shading_curve(5, seed=1).best
    assert f"{best:.2f}" in result.value
    assert "0.80" in result.value
    before = chart.value
    find(box, "nt-alab-seed").value = 2
    assert chart.value != before  # another seed, another draw


def test_pick_value_panel_changes_with_the_player_count() -> None:
    box = lab.pick_value()
    result = find(box, "nt-alab-picks-result")
    players = next(x for x in controls_of(box, w.ToggleButtons) if x.description == render("alab.players"))
    players.value = 5
    assert "5 players, 5 cards per tavern" in result.value
    players.value = 2
    assert "2 players, 3 cards per tavern" in result.value


def test_blotto_panel_shows_the_lp_solution() -> None:
    box = lab.blotto_panel()
    result = find(box, "nt-alab-blotto-result")
    w_slider = next(s for s in controls_of(box, w.FloatSlider) if s.description == render("alab.blotto.w"))
    w_slider.value = 0.0
    assert "+0.333" in result.value
    assert "probability 0.00" in result.value
    w_slider.value = 0.5
    g = blotto.blotto(w=0.5)
    assert f"{g.value:+.3f}" in result.value
    assert "probability 1.00" in result.value
    assert (
        "0 / 2 / 3" in find(box, "nt-alab-blotto-table").value
        or "2 / 3 / 0" in find(box, "nt-alab-blotto-table").value
    )


def test_games_panel_runs_whole_games_and_reports_intervals() -> None:
    box = lab.games_panel()
    n = next(s for s in controls_of(box, w.IntSlider) if s.description == render("alab.games.games"))
    n.value = 40
    box.run_button.click()
    box.runner.wait()
    status = find(box, "nt-alab-games-status").value
    assert "Done: 40 games" in status
    result = find(box, "nt-alab-games-result").value
    assert render("alab.policy.trade") in result
    assert render("alab.policy.keep") in result
    assert labkit.png_bytes(find(box, "nt-alab-games-chart")).startswith(PNG)
    assert box.run_button.disabled is False


def test_games_panel_stop_keeps_what_was_played() -> None:
    box = lab.games_panel()
    n = next(s for s in controls_of(box, w.IntSlider) if s.description == render("alab.games.games"))
    n.value = 2000
    box.run_button.click()
    box.runner.stop()  # at once: the run ends after its first chunk
    box.runner.wait()
    status = find(box, "nt-alab-games-status").value
    assert status.startswith("Stopped after")
    assert "of 2000 games" in status


def test_runner_reports_a_failure_as_a_sentence() -> None:
    runner = labkit.Runner("nt-test")

    def chunks():
        yield 1
        raise RuntimeError("boom")

    runner.start(2, chunks(), lambda c: 1, lambda stopped, s: None)
    runner.wait()
    assert "boom" not in runner.status.value
    assert "RuntimeError" in runner.status.value  # the catalogue's sentence names the error kind only
    assert runner.stop_button.disabled


def test_tie_panel_switches_rules() -> None:
    box = lab.tie_panel()
    result = find(box, "nt-alab-ties-result")
    rule = next(x for x in controls_of(box, w.Dropdown) if x.description == render("alab.ties.rule"))
    rule.value = "fixed"
    assert render("alab.ties.rule.fixed") in result.value


def test_zavandor_play_reveal_resolves_the_lots_with_reasons() -> None:
    box = zl.play_panel()
    game = box.play
    s = game.state
    assert s is not None
    assert s.phase is z.Phase.TRADE
    hand = s.players[0].hand
    gem = max(range(4), key=lambda k: hand[k])
    bid = ["0"] * 4
    bid[gem] = str(hand[gem])
    game.bids[0].value = " ".join(bid)
    game.reveal.click()
    lots = find(box, "nt-zav-lots").value
    assert "[Z-AUC-1]" in lots
    assert "[Z-AUC-2]" in lots or "[Z-TIE-1]" in lots
    assert game.state.round == 2
    assert "Round 2" in find(box, "nt-zav-message").value


def test_zavandor_play_refuses_a_bad_bid_with_a_sentence() -> None:
    box = zl.play_panel()
    game = box.play
    game.bids[0].value = "lots"
    game.reveal.click()
    assert "is not a bid" in find(box, "nt-zav-message").value
    game.bids[0].value = "99 0 0 0"
    game.reveal.click()
    assert "[Z-" in find(box, "nt-zav-message").value or "Z-AUC" in find(box, "nt-zav-message").value
    assert game.state.round == 1


def test_zavandor_play_with_bots_only_ends_the_game() -> None:
    box = zl.play_panel(start=False)
    game = box.play
    for d in game.kinds:
        d.value = "king"
    game.players.value = 2
    game.new.click()
    for _ in range(60):
        if game.reveal.disabled:
            break
        game.reveal.click()
    assert game.state.phase is z.Phase.OVER
    assert "Coronation Hall" in find(box, "nt-zav-message").value


def test_zavandor_simulation_is_labelled_and_reproducible() -> None:
    def run(seed: int) -> tuple[str, bytes]:
        box = zl.sim_panel()
        n = next(s for s in controls_of(box, w.IntSlider) if s.description == render("alab.games.games"))
        n.value = 20
        find(box, "nt-alab-seed").value = seed
        box.run_button.click()
        box.runner.wait()
        return find(box, "nt-zav-sim-result").value, labkit.png_bytes(find(box, "nt-zav-bids-chart"))

    a, img = run(3)
    b, _ = run(3)
    assert a == b
    assert "20 games" in a
    assert img.startswith(PNG)


def test_zavandor_simulation_lists_every_parameter_with_its_confidence() -> None:
    box = zl.sim_panel()
    table = box.children[-1].value
    for row in z.describe():
        assert f"<code>{row['name']}</code>" in table
    assert table.count('class="nt-alab-illustrative"') == sum(
        1 for row in z.describe() if row["confidence"] == "illustrative"
    )
    length = find(box, "nt-zav-length-chart")
    assert length.value == ""  # nothing simulated yet
    n = next(s for s in controls_of(box, w.IntSlider) if s.description == render("alab.games.games"))
    n.value = 20
    box.run_button.click()
    box.runner.wait()
    assert labkit.png_bytes(length).startswith(PNG)
    assert render("zlab.illustrative", {"title": render("zlab.sim.length-title")}) in length.value


def test_comparison_table_has_both_games_in_chinese() -> None:
    set_language("zh-Hant")
    box = zl.compare_panel()
    table = find(box, "nt-zav-compare").children[1].value
    assert "尼達維利爾" in table
    assert "札凡多" in table
    assert labkit.png_bytes(find(box, "nt-zav-compare-chart")).startswith(PNG)


def test_illustrative_label() -> None:
    assert zl._illustrative("x", True) == render("zlab.illustrative", {"title": "x"})
    assert zl._illustrative("x", False) == "x"
