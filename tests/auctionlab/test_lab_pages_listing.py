"""Where the lab pages are listed: the landing page under Voila, not in the static site (make lite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from widgets.lessons import LAB_PAGES, LESSONS
from widgets.lessons import index as landing
from widgets.lessons.nav import nav_html

REPO = Path(__file__).resolve().parents[2]


def test_landing_page_lists_the_lab_under_voila_only(monkeypatch: pytest.MonkeyPatch) -> None:
    html = landing.lessons_html("en")
    for stem, _, _ in LAB_PAGES:
        assert f'href="{stem}.ipynb"' in html
    assert html.count("nt-index-link") == len(LESSONS)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert "nt-index-lab-link" not in landing.lessons_html("en")


def test_lab_pages_navigate_among_themselves() -> None:
    first, last = LAB_PAGES[0][0], LAB_PAGES[-1][0]
    assert "nt-nav-prev" not in nav_html(first, "en")
    assert f'href="{LAB_PAGES[1][0]}.ipynb"' in nav_html(first, "en")
    assert "nt-nav-next" not in nav_html(last, "en")
    assert f'href="{LESSONS[-1][0]}.ipynb"' not in nav_html(first, "en")


def test_static_site_build_leaves_the_lab_out(tmp_path: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(REPO / "tools" / "lite" / "pages.py"),
            str(REPO / "tutorials"),
            str(tmp_path),
            "zh-Hant",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    names = sorted(p.name for p in tmp_path.glob("*.ipynb"))
    assert "index.ipynb" in names
    assert not [n for n in names if "auction-lab" in n or "zavandor" in n]
    assert f"{len(LESSONS) + 1} notebooks" in out.stdout
