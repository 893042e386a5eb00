"""Lesson 5: the class calculators, the growth chart and the "worth most" exercises, all scored by nidlib."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from nidlib.core.cards import DwarfClass
from nidlib.rules.scoring import blacksmith_points, class_points, hunter_points
from widgets.lessons import l05_formulas as lesson


def test_hunter_calculator_squares() -> None:
    calc = lesson.Calculator("hunter")
    assert calc.points == 4
    calc.add_card(0)
    assert calc.points == 9
    assert "3 ranks" in calc.result.value
    calc.add_card("aral")  # 2 ranks
    assert calc.points == hunter_points(5) == 25
    calc.remove.click()
    calc.remove.click()
    assert calc.points == 4


def test_miner_calculator_multiplies_and_zero_miners_count() -> None:
    calc = lesson.Calculator("miner")
    assert calc.points == 3 * 3
    calc.pick.value = 0
    calc.add.click()
    assert calc.points == 4 * 3
    assert '<span class="nt-calc-points" style="font-size:2em;font-weight:800">12</span>' in calc.result.value


def test_blacksmith_and_armorer() -> None:
    calc = lesson.Calculator("blacksmith")
    calc.add_card("armorer")
    assert calc.points == blacksmith_points(4) == 18
    calc.add_card("armorer")
    assert "only one" in calc.note.value
    assert calc.points == 18


@pytest.mark.parametrize("cls", ["warrior", "hunter", "miner", "blacksmith", "explorer"])
def test_calculator_matches_class_points(cls: str) -> None:
    calc = lesson.Calculator(cls)
    for choice in lesson.CHOICES[cls]:
        calc.add_card(choice)
    assert calc.points == class_points(DwarfClass(cls), calc.ids)
    assert len(calc.cards.value.split('class="nt-card')) > len(calc.ids)


def test_growth_curves() -> None:
    g = lesson.growth(6)
    assert g["hunter"] == [0, 1, 4, 9, 16, 25, 36]
    assert g["blacksmith"][5] == 25
    assert g["warrior"][3] == 18


SVG = "{http://www.w3.org/2000/svg}"


def _svg(lang: str | None = None) -> ET.Element:
    return ET.fromstring(lesson.growth_svg(lang=lang))  # well-formed XML, or this raises


def _child(el: ET.Element, tag: str) -> ET.Element:
    found = el.find(f"{SVG}{tag}")
    assert found is not None, tag
    return found


def _text(el: ET.Element, tag: str = "") -> str:
    return (_child(el, tag) if tag else el).text or ""


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def _texts(root: ET.Element) -> list[str]:
    return [_text(el) for el in root.iter(f"{SVG}text")]


def test_growth_plot_shows_the_chart_at_once() -> None:
    plot = lesson.growth_plot()
    assert type(plot).__name__ == "HTML"  # no button, nothing to wait for
    assert "nt-growth-plot" in plot._dom_classes
    assert plot.value.startswith("<svg")
    assert plot.value.endswith("</svg>")


def test_growth_svg_is_accessible_and_responsive() -> None:
    root = _svg()
    assert root.get("role") == "img"
    assert root.get("viewBox", "").startswith("0 0 ")
    style = root.get("style", "")
    assert "width:100%" in style
    assert "max-width:52rem" in style
    assert "font-family:inherit" in style
    assert _text(root, "title") == "Points of one column by its number of ranks"
    desc = _text(root, "desc")
    assert "Hunter: 100" in desc
    assert "faster and faster" in desc
    ids = root.get("aria-labelledby", "").split()
    assert [_child(root, "title").get("id"), _child(root, "desc").get("id")] == ids


def test_growth_svg_draws_every_series() -> None:
    root = _svg()
    data = lesson.growth(10)
    series = {g.get("data-class", ""): g for g in _groups(root, "nt-growth-series")}
    assert list(series) == list(data) == ["warrior", "hunter", "miner", "blacksmith", "explorer"]
    for cls, group in series.items():
        (line,) = group.findall(f"{SVG}polyline")
        assert line.get("stroke") == lesson.COLOURS[cls]
        assert 2 <= float(line.get("stroke-width", "0")) <= 2.5
        assert (line.get("stroke-dasharray") is not None) == (cls == "miner")
        markers = group.findall(f"{SVG}circle")
        assert len(markers) == 11
        assert {m.get("fill") for m in markers} == {lesson.COLOURS[cls]}
        tips = [_text(m, "title") for m in markers]
        assert tips[1].startswith(f"{cls.capitalize()}, 1 rank: ")
        assert tips[4] == f"{cls.capitalize()}, 4 ranks: {data[cls][4]} points"
    svg = lesson.growth_svg()
    assert "Warrior, 4 ranks: 24 points" in svg
    assert "Hunter, 1 rank: 1 point<" in svg


def test_growth_svg_axes_legend_and_scale() -> None:
    root = _svg()
    texts = _texts(root)
    for label in (
        "Warrior (cards of 6)",
        "Hunter",
        "Miner (cards of 1: the same line as Hunter)",
        "Blacksmith",
        "Explorer (cards of 8)",
        "ranks in the column",
        "points",
        "Points of one column by its number of ranks",
    ):
        assert label in texts, label
    (legend,) = _groups(root, "nt-growth-legend")
    swatches = [line.get("stroke") for line in legend.iter(f"{SVG}line")]
    assert swatches == list(lesson.COLOURS.values())
    (ticks,) = _groups(root, "nt-growth-ticks")
    numbers = [int(_text(t)) for t in ticks.iter(f"{SVG}text")]
    x_ticks = list(range(11))
    y_ticks = numbers[: -len(x_ticks)]
    assert numbers[-len(x_ticks) :] == x_ticks
    steps = {b - a for a, b in itertools.pairwise(y_ticks)}
    assert y_ticks[0] == 0
    assert len(steps) == 1
    assert steps.pop() in (1, 2, 5, 10, 20, 50, 100)
    top = max(max(v) for v in lesson.growth(10).values())
    assert y_ticks[-2] <= top < y_ticks[-1]  # covers the maximum, ends just above it


@pytest.mark.parametrize(("top", "step"), [(100, 20), (36, 10), (60, 10), (4, 1), (0, 1), (256, 50)])
def test_nice_step(top: int, step: int) -> None:
    assert lesson.nice_step(top) == step


def test_growth_svg_in_chinese() -> None:
    zh = lesson.growth_svg(lang="zh-Hant")
    root = ET.fromstring(zh)
    assert _text(root, "title") == "一個直行的分數與其階級數"
    texts = _texts(root)
    assert "直行中的階級數" in texts
    assert "戰士（每張 6 點）" in texts
    assert "戰士，4 個階級：24 分" in zh
    assert "Warrior" not in zh
    hans = lesson.growth_svg(lang="zh-Hans")
    assert "一个竖列的分数与其等级数" in hans
    assert "战士，4 个等级：24 分" in hans


def test_growth_svg_escapes_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from nidlib.core.messages import render

    def fake(key: str, params: Any = None, lang: str | None = None) -> str:
        return "<b>&" if key == "lesson05.plot.x" else render(key, params, lang)

    monkeypatch.setattr(lesson, "render", fake)
    svg = lesson.growth_svg()
    assert "&lt;b&gt;&amp;" in svg
    ET.fromstring(svg)


@pytest.mark.parametrize(
    ("key", "best", "gain"),
    [("hunters", "H", 9), ("miners", "M1", 10), ("majority", "W3", 3 + 14)],
)
def test_worth_most(key: str, best: str, gain: int) -> None:
    state = lesson.exercise_state(key)
    gains = lesson.gains(state)
    card = lesson.best_card(key)
    assert card.removeprefix("1").startswith(best)
    assert gains[card] == gain
    assert gains[card] == max(gains.values())


def test_exercise_question_checks_with_nidlib() -> None:
    box = lesson.exercise("miners")
    assert "Laughing Goblin" in box.children[0].value
    q = box.children[1]
    wrong = next(v for _, v in q.choice.options if v != lesson.best_card("miners"))
    q.choice.value = wrong
    q.check.click()
    assert q.last_result is False
    q.choice.value = lesson.best_card("miners")
    q.check.click()
    assert q.last_result is True
    assert "+10" in q.feedback.value


@pytest.mark.parametrize("key", ["hunters", "miners", "majority"])
def test_each_exercise_links_its_rule(key: str) -> None:
    """Issue 13: lesson 5 had no rule links; each exercise's answer now shows its scoring rule."""
    q = lesson.exercise(key).children[1]
    q.choice.value = lesson.best_card(key)
    q.check.click()
    assert q.last_result is True
    assert f'data-rule="{lesson.EXERCISE_RULES[key]}"' in q.feedback.value


def test_closing_check_is_scored_by_nidlib() -> None:
    """Issue 13: lesson 5's closing check; the answer is nidlib's Hunter + Miner points."""
    from nidlib.rules.scoring import hunter_points, miner_points

    expected = hunter_points(lesson.CHECK_HUNTERS) + miner_points(list(lesson.CHECK_MINERS))
    assert lesson.check_answer() == expected
    q = lesson.check()
    q.choice.value = str(expected + 1)
    q.check.click()
    assert q.last_result is False
    assert "nt-feedback-wrong" in q.feedback.value
    q.choice.value = f" {expected} "
    q.check.click()
    assert q.solved  # spaces around a typed number do not matter
    assert f"Together {expected} points" in q.feedback.value
    assert 'data-rule="R-SCORE-4"' in q.feedback.value


NAMES_KEPT = {
    "Ana",
    "Bo",
    "Cy",
    "Idunn",
    "Dwerg",
    "Astrid",
    "Tarah",
    "Kraal",
    "Skaa",
    "Ylud",
    "Thrud",
    "EC",
    "JSON",
}
#: The landing page's credit line names the game, its designer and its publisher in Latin letters.
NAMES_KEPT |= {"Nidavellir", "Serge", "Laget", "GRRRE", "Games"}


@pytest.mark.parametrize("area", ["index", "lesson05", "lesson06", "lesson07", "lesson08"])
@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_catalogues_translate_every_key(area: str, lang: str) -> None:
    """Every sentence of lessons 5-8 and the landing page exists in Chinese, with the same fields."""
    import json
    import re
    from pathlib import Path

    folder = Path(lesson.__file__).resolve().parents[2] / "nidlib" / "locales"
    en = json.loads((folder / "en" / f"{area}.json").read_text("utf-8"))
    zh = json.loads((folder / lang / f"{area}.json").read_text("utf-8"))
    assert sorted(zh) == sorted(en)
    fields = re.compile(r"\{(\w+)\}")
    for key, text in zh.items():
        assert set(fields.findall(text)) <= set(fields.findall(en[key])), key
        if not key.startswith("index.lang."):
            # no English left: only names (players, heroes), EC ids and "JSON"
            words = set(re.findall(r"[A-Za-z]+", fields.sub("", text)))
            assert words <= NAMES_KEPT, (key, words - NAMES_KEPT)
