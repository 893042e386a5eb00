"""``python -m nidlib rule ID``: where does a rule live (issue 10: a newcomer finds a rule from its id)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nidlib.core.registry import RULES
from nidlib.tools import where

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nidlib", *args], capture_output=True, text=True, timeout=300, check=False
    )


def test_every_citation_points_at_a_line_that_names_the_id() -> None:
    checked = 0
    for rid in ("R-GEM-3", "R-HERO-THRUD-3", "R-TREAS-1", "EC-39", "R-SCORE-2"):
        places = where.cited_in(rid)
        assert places, rid
        for c in places:
            line = (ROOT / c.path).read_text(encoding="utf-8").splitlines()[c.line - 1]
            assert rid in line, (rid, c)
            checked += 1
    assert checked > 10


def test_R_GEM_3_lives_in_the_rules_package_in_the_gem_exchange() -> None:
    places = where.cited_in("R-GEM-3")
    assert any(c.path.startswith("nidlib/rules/") and "gem" in c.where for c in places), places


def test_the_gallery_rulings_are_places_that_cite_a_rule() -> None:
    places = where.cited_in("R-XFORM-6")
    assert where.Citation("nidlib/content/rulings/EC-09.json", 3, "ruling EC-09") in places
    assert any(c.path == "nidlib/content/rulings/EC-39.json" for c in where.cited_in("EC-39"))


def test_the_index_sees_a_new_citation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The scan is real: a module that starts citing an id shows up (and one that does not, does not).
    pkg = tmp_path / "nidlib"
    (pkg / "locales" / "en").mkdir(parents=True)
    (pkg / "rules").mkdir()
    (pkg / "rules" / "x.py").write_text('def lift():\n    return "R-HERO-THRUD-3"\n', encoding="utf-8")
    monkeypatch.setattr(where, "_ROOT", pkg)
    where._index.cache_clear()
    try:
        assert where.cited_in("R-HERO-THRUD-3") == (where.Citation("nidlib/rules/x.py", 2, "lift"),)
        assert where.cited_in("R-GEM-3") == ()
    finally:
        where._index.cache_clear()


def test_cli_prints_the_rule_text_and_places() -> None:
    r = run("rule", "r-gem-3")  # case does not matter
    assert r.returncode == 0, r.stderr
    assert RULES["R-GEM-3"].text.strip()[:40] in r.stdout
    assert "nidlib/rules/" in r.stdout


def test_cli_in_chinese() -> None:
    assert "is cited in" in run("rule", "R-GEM-3").stdout
    assert "處被引用" in run("rule", "R-GEM-3", "--lang", "zh-Hant").stdout
    assert "处被引用" in run("rule", "--lang", "zh-Hans", "R-GEM-3").stdout


@pytest.mark.parametrize(
    "args", [["rule"], ["rule", "R-NOPE-9"], ["rule", "a", "b"], ["rule", "R-GEM-3", "--lang", "fr"]]
)
def test_cli_bad_input_is_one_line_and_status_2(args: list[str]) -> None:
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr
