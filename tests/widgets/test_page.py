"""A page built before its request (Voila's preheated kernels) ends up exactly like a page built for
the request: widgets/preheat.py (the machinery) and widgets/lessons/page.py (the page's language).

``tools/serve.py`` preheats: every notebook runs in the default language before anyone asks for it;
its last cell waits for the request and, if the address says ``?lang=zh-Hant``, rebuilds every
slot. These tests run each notebook's cells both ways in this process (the request is simulated by
replacing ``preheat._wait_for_request``, which the browser tests exercise for real) and compare everything a learner can read.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from nidlib.core.messages import get_language, set_language
from widgets import preheat as machinery
from widgets.lessons import page

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
#: every page module but the landing page (widgets/lessons/index.py has no lesson prose)
LESSON_MODULES = [
    *sorted(
        f"widgets.lessons.{p.stem}" for p in (TUTORIALS.parent / "widgets" / "lessons").glob("l[0-9]*.py")
    ),
    "widgets.game",
    "widgets.lab",
]
NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def fresh_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test is a new kernel: no request seen, no slots, English, no address."""
    monkeypatch.setattr(machinery, "_request_seen", False)
    monkeypatch.setattr(machinery, "_slots", [])
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
    monkeypatch.setattr(machinery, "_wait_for_request", wait_for_request)
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


def models(x: w.Widget) -> Iterator[w.Widget]:
    """Every widget model the browser needs to show ``x``: children, layouts, styles..."""
    seen: set[int] = set()
    todo = [x]
    while todo:
        y = todo.pop()
        if id(y) in seen:
            continue
        seen.add(id(y))
        yield y
        for name in y.keys:
            v = getattr(y, name, None)
            for z in v if isinstance(v, (list, tuple)) else [v]:
                if isinstance(z, w.Widget):
                    todo.append(z)


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
    @machinery.live
    def build() -> w.HTML:
        return w.HTML("hello")

    widget = build()
    assert isinstance(widget, w.HTML)
    assert widget.value == "hello"
    assert page.finish() == "en"


def test_preheat_finish_asks_the_page_only_when_it_was_built_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """widgets/preheat.py's interface: ``finish(changed)`` calls ``changed()`` once the request has
    come, and only for a page built ahead of it; the slots are rebuilt only if it returns True."""
    asked: list[str] = []

    def changed() -> bool:
        asked.append("asked")
        return False

    machinery.finish(changed)
    assert asked == [], "without preheating there is no request to wait for"
    waits = preheat(monkeypatch, "lang=zh-Hant")
    built: list[int] = []

    @machinery.live
    def build() -> w.HTML:
        built.append(1)
        return w.HTML("x")

    build()
    machinery.finish(changed)
    assert (waits, asked, built) == (["lang=zh-Hant"], ["asked"], [1]), "not rebuilt: changed() said no"
    assert not machinery.prebuilding()


@pytest.mark.parametrize("module", LESSON_MODULES)
def test_a_lesson_gets_its_page_from_the_one_page_helper(module: str) -> None:
    """A lesson module is only its content: header, footer and prose come from its ``Page``."""
    lesson = importlib.import_module(module)
    assert isinstance(lesson.page, page.Page)
    assert lesson.page.stem == lesson.STEM
    assert (lesson.header, lesson.footer, lesson.say) == (
        lesson.page.header,
        lesson.page.footer,
        lesson.page.say,
    )


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

    @machinery.live
    def build() -> w.HTML:
        built.append(get_language())
        return w.HTML(get_language())

    slot = build()
    assert isinstance(slot, w.VBox)
    assert waits == []
    first = slot.children[0]
    assert page.finish() == "zh-Hant"
    assert waits == ["lang=zh-Hant"]
    assert built == ["en", "zh-Hant"]
    assert slot.children[0].value == "zh-Hant"
    assert first.comm is None, "the English build is dropped"
    assert first not in _instances.values()
    assert not machinery.prebuilding()
    assert page.finish() == "zh-Hant"
    assert waits == ["lang=zh-Hant"], "the request is awaited once"


def test_preheated_page_in_the_default_language_is_not_rebuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    preheat(monkeypatch, "")
    calls: list[int] = []

    @machinery.live
    def build() -> w.HTML:
        calls.append(1)
        return w.HTML("x")

    slot = build()
    first = slot.children[0]
    assert page.finish() == "en"
    assert calls == [1]
    assert slot.children[0] is first
    assert first.comm is not None


def test_rebuild_drops_every_model_of_the_first_build_silently(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first build was never seen by a browser: it leaves the kernel without a message."""
    import comm

    preheat(monkeypatch, "lang=zh-Hans")

    @machinery.live
    def build() -> w.VBox:
        return w.VBox([w.Button(description=get_language()), w.HBox([w.HTML("b")])])

    before = len(_instances)
    slot = build()
    made = set(machinery._slots[0].made)
    assert len(made) >= 8  # boxes, button, html, their layouts and styles
    old = [_instances[m] for m in made]
    sent: list[str] = []
    for x in old:
        monkeypatch.setattr(x.comm, "publish_msg", lambda *a, **k: sent.append(str(a[0])))
    page.finish()
    assert not made & set(_instances), "every model of the first build is gone from the registry"
    assert all(x.comm is None for x in old)
    assert not made & set(comm.get_comm_manager().comms), "and from the kernel's comm manager"
    assert sent == [], "no message about widgets no browser has seen"
    assert len(_instances) == before + len(made) + 2, (
        "as many models as dropped, plus the slot and its layout"
    )
    assert slot.children[0].children[0].description == "zh-Hans"


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_preheated_page_reads_like_a_page_built_for_its_address(
    nb: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built in English ahead of the request then rebuilt in ``lang`` == built in ``lang`` at once."""
    monkeypatch.setenv("QUERY_STRING", f"lang={lang}")
    direct = [readable(x) for x in run_cells(nb) if x is not None]

    set_language("en")
    monkeypatch.setattr(machinery, "_request_seen", False)
    monkeypatch.setattr(machinery, "_slots", [])
    preheat(monkeypatch, f"lang={lang}")
    shown = run_cells(nb)
    assert get_language() == lang
    rebuilt = [readable(x) for x in shown if x is not None]
    assert rebuilt == direct
    dead = [type(x).__name__ for x in shown if x is not None for x in models(x) if x.comm is None]
    assert not dead, f"the page shows widgets that were dropped: {dead}"
    text = " ".join(" ".join(r) for r in rebuilt)
    assert CJK.search(text), "the page is in Chinese"
    assert "?lang=" + lang in text, "its links keep the language"


def test_a_rebuild_sends_nothing_and_its_widgets_still_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between the request and the end of the HTML no browser is connected: the rebuild creates its
    widgets without messages, but they are registered, so the browser can reach them later."""
    import comm

    sent: list[str] = []
    used = type(w.HTML().comm)  # the comm class widgets get here
    monkeypatch.setattr(used, "publish_msg", lambda self, msg_type, *a, **k: sent.append(msg_type))
    preheat(monkeypatch, "lang=zh-Hant")
    clicks: list[int] = []

    @machinery.live
    def build() -> w.Button:
        b = w.Button(description=get_language())
        b.on_click(lambda _b: clicks.append(1))
        return b

    slot = build()
    sent.clear()
    page.finish()
    assert sent == [], "no message while the page is rebuilt"
    button = slot.children[0]
    assert button.description == "zh-Hant"
    assert comm.get_comm_manager().get_comm(button.comm.comm_id) is button.comm
    button.click()
    assert clicks == [1]
    button.description = "x"
    assert sent == ["comm_msg"], "after the rebuild, changes are sent again"


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_navigation_offers_this_page_in_the_other_languages(lang: str) -> None:
    from widgets.lessons.nav import nav_html

    html = page.with_language(nav_html("04-army-and-heroes", lang), lang)
    links = re.findall(r'<a class="nt-nav-lang" lang="([\w-]+)" hreflang="[\w-]+" href="([^"]+)"', html)
    others = [code for code in ("en", "zh-Hant", "zh-Hans") if code != lang]
    assert links == [(code, f"04-army-and-heroes.ipynb?lang={code}") for code in others]
    assert f'<b class="nt-nav-lang" lang="{lang}" aria-current="page">' in html
    # the lesson links keep the page's language; the language links keep their own
    query = "" if lang == "en" else f"?lang={lang}"
    assert f'href="05-class-formulas.ipynb{query}"' in html


def test_a_widget_both_builds_share_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A widget made by the first build and reused by the rebuild (e.g. from a cache) stays alive."""
    preheat(monkeypatch, "lang=zh-Hant")
    cache: dict[str, w.HTML] = {}

    @machinery.live
    def build() -> w.VBox:
        shared = cache.setdefault("style", w.HTML("<style></style>"))
        return w.VBox([shared, w.HTML(get_language())])

    slot = build()
    first = slot.children[0]
    page.finish()
    shared, text = slot.children[0].children
    assert shared is cache["style"]
    assert shared.comm is not None, "the shared widget is not dropped"
    assert shared.layout.comm is not None
    assert text.value == "zh-Hant"
    assert first.comm is None, "the first build's own box is dropped"
