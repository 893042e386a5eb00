"""Lesson 5: the class calculators, the growth plot and the "worth most" exercises, all scored by nidlib."""

from __future__ import annotations

import pytest

from nidlib.cards import DwarfClass
from nidlib.scoring import blacksmith_points, class_points, hunter_points
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


def test_growth_plot_draws_on_demand() -> None:
    box = lesson.growth_plot()
    button, img = box.children
    assert img.layout.display == "none"
    button.click()
    assert img.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert img.layout.display == ""


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


NAMES_KEPT = {"Ana", "Bo", "Cy", "Idunn", "Dwerg", "Astrid", "Tarah", "Kraal", "Skaa", "EC", "JSON"}


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
