"""widgets.browser_store: texts kept in the browser by the static site, and lesson 7's editor that keeps
its sheet there (a reload of the static site keeps the learner's sheet)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import sys
from collections.abc import Iterator

import pytest

from widgets import browser_store
from widgets.lessons import l07_scoring as lesson


class Memory:
    """A browser's store, in a dict (``fail``: the browser refuses storage, as a private window may)."""

    def __init__(self, texts: dict[str, str] | None = None, fail: bool = False) -> None:
        self.texts = dict(texts or {})
        self.fail = fail
        self.puts = 0

    async def get(self, key: str) -> str | None:
        if self.fail:
            raise RuntimeError("storage refused")
        return self.texts.get(key)

    def put(self, key: str, text: str) -> None:
        self.puts += 1
        self.texts[key] = text


@pytest.fixture
def store() -> Iterator[None]:
    yield
    browser_store.use(None)


def test_outside_a_browser_nothing_is_kept_and_nothing_fails(store: None) -> None:
    assert sys.platform != "emscripten"
    assert browser_store.AVAILABLE is False
    assert browser_store.save("k", "text") is False
    seen: list[tuple[str, str | None]] = []
    assert browser_store.restore("k", lambda outcome, text: seen.append((outcome, text))) is None
    assert seen == [(browser_store.UNAVAILABLE, None)]


def _run(coro: object) -> object:
    """``asyncio.run`` in a thread of its own: in the whole suite the browser tests leave an event loop
    running in this thread, where ``asyncio.run`` refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()  # type: ignore[arg-type]


def test_restore_reads_what_save_kept(store: None) -> None:
    memory = Memory()
    browser_store.use(memory)
    assert browser_store.save("k", "kept text")

    async def read() -> list[tuple[str, str | None]]:
        seen: list[tuple[str, str | None]] = []
        future = browser_store.restore("k", lambda o, t: seen.append((o, t)))
        assert future is not None
        assert seen == []
        await future
        await browser_store.restore("other", lambda o, t: seen.append((o, t)))  # type: ignore[misc]
        return seen

    assert _run(read()) == [(browser_store.RESTORED, "kept text"), (browser_store.NOTHING, None)]


def _editor(memory: Memory) -> lesson.SheetEditor:
    browser_store.use(memory)

    async def build() -> lesson.SheetEditor:
        ed = lesson.SheetEditor("ec51")
        assert ed.restoring is not None
        await ed.restoring
        return ed

    result = _run(build())
    assert isinstance(result, lesson.SheetEditor)
    return result


def test_the_editor_gets_its_sheet_back_after_a_reload(store: None) -> None:
    memory = Memory()
    first = _editor(memory)
    assert memory.puts == 0  # the example itself is not written over a kept sheet before it is read
    first.player.value = 1
    first.place.value = "explorer"
    first.card.value = "12"
    first.add.click()
    edited = first.text.value
    assert json.loads(memory.texts[lesson.KEPT_KEY]) == json.loads(edited)

    again = _editor(memory)  # the reload: a new page, the same browser
    assert again.text.value == edited
    assert [label for label, _ in again.player.options] == ["Ana", "Bo"]
    assert again.out.value == lesson.result_html(edited)  # scored again
    again.load_example("ec48")  # starting again is kept too
    assert memory.texts[lesson.KEPT_KEY] == again.text.value


def test_the_editor_keeps_a_sheet_that_does_not_read(store: None) -> None:
    memory = Memory({lesson.KEPT_KEY: '{"players": ['})
    ed = _editor(memory)
    assert ed.text.value == '{"players": ['
    assert "nt-score-table" not in ed.out.value


def test_a_browser_that_refuses_storage_keeps_nothing(store: None) -> None:
    memory = Memory(fail=True)
    ed = _editor(memory)
    ed.load_example("ec48")
    assert memory.puts == 0
    assert memory.texts == {}
    assert ed.text.value == lesson.sheet_text(lesson.example_sheet("ec48"))
    assert ed.kept.value == ""  # not in a browser (Voila): nothing said
