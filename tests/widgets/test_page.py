"""A page built before its request (Voila's preheated kernels) ends up exactly like a page built for
the request: widgets/lessons/page.py.

``tools/serve.py`` preheats: every notebook runs in the default language before anyone asks for it;
it is built in every language, and its last cell waits for the request and shows the version
the address asks for (``?lang=zh-Hant``). These tests run each notebook's cells both ways in this process (the request is simulated by
replacing ``page._wait_for_request``, which the browser tests exercise for real) and compare everything a learner can read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from nidlib.messages import get_language, set_language
from widgets.lessons import page

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def fresh_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test is a new kernel: no request seen, no slots, English, no address."""
    monkeypatch.setattr(page, "_request_seen", False)
    monkeypatch.setattr(page, "_slots", [])
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    set_language("en")
    yield
    set_language("en")


def preheat(monkeypatch: pytest.MonkeyPatch, query: str) -> list[str]:
    """Pretend to be a preheated kernel whose request will carry ``query``; returns the log of waits."""
    waits: list[str] = []

    def wait_for_request() -> None:
        waits.append(query)
        monkeypatch.setenv("QUERY_STRING", query)  # what Voila's request-info socket does

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(page, "_wait_for_request", wait_for_request)
    return waits


UNIQUE_ID = re.compile(r"\bnt-growth-\d+")  # element ids that only have to be unique in the page


def readable(x: Any) -> list[str]:
    """Everything a learner can read in a widget tree, in order (model ids and numbered element
    ids left out)."""
    out: list[str] = []
    if isinstance(x, w.Box):
        for child in x.children:
            out += readable(child)
        return out
    for name in ("value", "description", "placeholder", "tooltip", "options", "_options_labels"):
        v = getattr(x, name, None)
        if isinstance(v, (str, tuple, list)) and not isinstance(v, bytes):
            out.append(UNIQUE_ID.sub("nt-growth-N", f"{type(x).__name__}.{name}={v!r}"))
    return out


def run_cells(nb: Path) -> list[Any]:
    """Execute the notebook's code cells like a kernel: the value of each cell's last expression."""
    shown: list[Any] = []
    env: dict[str, Any] = {}
    for cell in json.loads(nb.read_text("utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        *body, last = source.strip().splitlines()
        exec("\n".join(body), env)  # noqa: S102 -- the repository's own thin notebooks
        shown.append(eval(last, env))
    return shown


def test_without_preheat_live_returns_the_widget_itself() -> None:
    @page.live
    def build() -> w.HTML:
        return w.HTML("hello")

    widget = build()
    assert isinstance(widget, w.HTML)
    assert widget.value == "hello"
    assert page.finish() == "en"


def test_without_preheat_the_address_language_is_used_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=zh-Hans")
    assert page.use_url_language() == "zh-Hans"
    assert get_language() == "zh-Hans"


def test_an_unknown_language_in_the_address_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=xx&lang=zh-Hant")
    assert page.url_language() is None
    assert page.use_url_language() == "en"


def test_preheated_page_waits_in_finish_not_before(monkeypatch: pytest.MonkeyPatch) -> None:
    waits = preheat(monkeypatch, "lang=zh-Hant")
    assert page.url_language() is None  # built ahead of the request: the address is unknown
    built: list[str] = []

    @page.live
    def build() -> w.HTML:
        built.append(get_language())
        return w.HTML(get_language())

    slot = build()
    assert isinstance(slot, w.VBox)
    assert waits == []
    assert built == ["en", "zh-Hant", "zh-Hans"], "one version per language, ahead of the request"
    assert get_language() == "en"
    first = slot.children[0]
    assert first.value == "en"
    others = [v[0] for lang, v in page._slots[0].versions.items() if lang != "zh-Hant"]
    assert page.finish() == "zh-Hant"
    assert waits == ["lang=zh-Hant"]
    assert built == ["en", "zh-Hant", "zh-Hans"], "nothing is built after the request"
    assert slot.children[0].value == "zh-Hant"
    for x in others:
        assert x.comm is None, "the versions not shown are closed"
        assert x not in _instances.values()
    assert not page.prebuilding()
    assert page.finish() == "zh-Hant"
    assert waits == ["lang=zh-Hant"], "the request is awaited once"


def test_preheated_page_in_the_default_language_keeps_its_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    preheat(monkeypatch, "")
    calls: list[str] = []

    @page.live
    def build() -> w.HTML:
        calls.append(get_language())
        return w.HTML("x")

    slot = build()
    first = slot.children[0]
    assert page.finish() == "en"
    assert slot.children[0] is first
    assert first.comm is not None
    assert len(calls) == 3


def test_choosing_closes_every_model_the_other_versions_made(monkeypatch: pytest.MonkeyPatch) -> None:
    preheat(monkeypatch, "lang=zh-Hans")

    @page.live
    def build() -> w.VBox:
        return w.VBox([w.Button(description=get_language()), w.HBox([w.HTML("b")])])

    before = len(_instances)
    slot = build()
    versions = page._slots[0].versions
    made = {lang: ids for lang, (_, ids) in versions.items()}
    assert all(len(ids) >= 8 for ids in made.values())  # boxes, button, html, their layouts and styles
    page.finish()
    assert not (made["en"] | made["zh-Hant"]) & set(_instances), "the other versions are closed"
    assert made["zh-Hans"] <= set(_instances)
    assert len(_instances) == before + len(made["zh-Hans"]) + 2, "the shown version, the slot and its layout"
    assert slot.children[0].children[0].description == "zh-Hans"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_preheated_page_reads_like_a_page_built_for_its_address(
    nb: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built in every language ahead of the request, then shown in ``lang`` == built in ``lang`` at once."""
    monkeypatch.setenv("QUERY_STRING", f"lang={lang}")
    direct = [readable(x) for x in run_cells(nb) if x is not None]

    set_language("en")
    monkeypatch.setattr(page, "_request_seen", False)
    monkeypatch.setattr(page, "_slots", [])
    preheat(monkeypatch, f"lang={lang}")
    shown = run_cells(nb)
    assert get_language() == lang
    rebuilt = [readable(x) for x in shown if x is not None]
    assert rebuilt == direct
    text = " ".join(" ".join(r) for r in rebuilt)
    assert CJK.search(text), "the page is in Chinese"
    assert "?lang=" + lang in text, "its links keep the language"
