"""widgets.lite_pages: in the static site a lesson link runs the lesson's cells in the page's own Python
(the script that tools/lite/postbuild.py adds sends them); here the same cells, run from Python."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest

from nidlib.core.messages import get_language, set_language
from widgets import lite_pages

REPO = Path(__file__).resolve().parents[2]


def cells(stem: str) -> list[str]:
    doc = json.loads((REPO / "tutorials" / f"{stem}.ipynb").read_text("utf-8"))
    return ["".join(c["source"]) for c in doc["cells"] if c["cell_type"] == "code"]


@pytest.fixture
def stage() -> Iterator[w.VBox]:
    before = os.environ.get("QUERY_STRING")
    lite_pages._stage = None
    box = lite_pages.stage(force=True)
    assert box is not None
    yield box
    lite_pages._stage = None
    set_language("en")
    if before is None:
        os.environ.pop("QUERY_STRING", None)
    else:
        os.environ["QUERY_STRING"] = before


def test_no_stage_outside_pyodide() -> None:
    assert sys.platform != "emscripten"
    assert lite_pages.stage() is None


def test_a_stage_only_once(stage: w.VBox) -> None:
    assert lite_pages.STAGE_CLASS in stage._dom_classes
    assert lite_pages.stage(force=True) is None  # the next lessons' headers add none


def test_each_cells_last_widget_is_shown_in_order() -> None:
    shown = lite_pages.run_cells(
        ["import ipywidgets as w\nw.HTML('a')", "x = 1", "w.HTML(str(x + 1))", "None"], "t.ipynb"
    )
    assert [s.value for s in shown] == ["a", "2"]


def test_a_lesson_link_shows_the_lesson_on_the_stage(stage: w.VBox) -> None:
    goto, content = stage.children
    goto.value = json.dumps({"page": "02-bidding.html", "cells": cells("02-bidding"), "serial": 1})
    first = content.children
    assert len(first) == len(cells("02-bidding"))  # every cell shows one widget
    html = " ".join(c.value for c in first if isinstance(c, w.HTML))
    assert "bid" in html.lower()
    # the next lesson replaces it, in the language its page sets (the copy built for zh-Hant)
    zh = ['import os; os.environ["QUERY_STRING"] = "lang=zh-Hant"', *cells("03-coin-trades")]
    goto.value = json.dumps({"page": "03-coin-trades.zh-Hant.html", "cells": zh, "serial": 2})
    assert content.children
    assert all(c not in content.children for c in first)
    assert all(c.comm is None for c in first)  # the lesson left behind is closed
    assert get_language() == "zh-Hant"
    # and an English page goes back to the default language
    goto.value = json.dumps({"page": "index.html", "cells": cells("index"), "serial": 3})
    assert get_language() == "en"
    assert any("nt-index-page" in getattr(c, "_dom_classes", ()) for c in content.children)


def test_prepare_imports_the_project_and_makes_no_widget() -> None:
    """What the static site's memory snapshot holds (tools/lite/snapshot.mjs): every module of the project
    imported, the caches filled, and no widget (a snapshot cannot hold a comm with a page), no stage, the
    language unchanged."""
    from ipywidgets.widgets.widget import _instances

    set_language("zh-Hant")
    before = set(_instances)
    stage_before = lite_pages._stage
    try:
        imported = lite_pages.prepare()
        assert set(_instances) == before
        assert lite_pages._stage is stage_before
        assert get_language() == "zh-Hant"
    finally:
        set_language("en")
    for name in (
        "widgets.lessons.l02_bidding",
        "widgets.lessons.nav",
        "widgets.quiz",
        "nidlib.core.messages",
    ):
        assert name in imported
        assert name in sys.modules
    assert not [m for m in imported if m.endswith("__main__")]
    assert set(imported) >= {"widgets", "nidlib", "auctionlab", "zavandor"}
