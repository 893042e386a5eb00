"""Under Pyodide (the static site, ``make lite``): one Python for a whole visit, lesson after lesson.

Every voici page starts its own Pyodide (a few seconds even with every file in the browser's cache:
docs/benchmarks.md, "Static site"). Moving from a page to another lesson need not: the first page of a
visit gets a *stage* (:func:`stage`, added to its first widget by ``lesson_header`` and the landing
page), and the script that ``tools/lite/postbuild.py`` puts in every page turns a click on a lesson link
into a request to this Python instead of a new page:

1. the script fetches the lesson's page (from the browser's cache), reads its notebook's code cells
   (voici embeds the notebook in the page), writes ``{"page": ..., "cells": [...]}`` into the stage's
   hidden text box, hides the other outputs of the page and puts the lesson's address in the address
   bar (``history.pushState``: a reload or a shared link opens that lesson by itself);
2. :func:`show` runs those cells here, as voici would have (each cell's last expression is the widget
   it shows), in the page's language (the copy of a page per language sets ``QUERY_STRING``; the
   English pages start from the default language), and puts their widgets on the stage.

The script keeps an ordinary link when anything is missing (no stage yet, the fetch fails). Under Voila
(a server) none of this exists: :func:`stage` returns None.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from typing import Any

__all__ = ["OWN_PACKAGES", "STAGE_CLASS", "prepare", "run_cells", "show", "stage"]

#: a variable, not ``sys.platform`` inline: mypy checks for the platform it runs on
_PYODIDE: bool = sys.platform == "emscripten"

STAGE_CLASS = "nt-lite-stage"
"""The stage's CSS class (the page's script finds it, and its text box ``nt-lite-goto``, by class)."""

_stage: Any = None

OWN_PACKAGES: tuple[str, ...] = ("widgets", "nidlib", "auctionlab", "zavandor")
"""The project's packages (its wheel's), whose modules :func:`prepare` imports."""


def stage(*, force: bool = False) -> Any:
    """The stage (a ``VBox``: a hidden text box, then the lesson shown there), the first time a page
    asks under Pyodide (``force``: anywhere, for tests); None after that and anywhere else."""
    global _stage
    if _stage is not None or not (_PYODIDE or force):
        return None
    import ipywidgets as w

    goto = w.Text(layout=w.Layout(display="none"))
    goto.add_class("nt-lite-goto")
    content = w.VBox()
    content.add_class("nt-lite-content")
    box = w.VBox([goto, content])
    box.add_class(STAGE_CLASS)
    goto.observe(lambda change: show(content, change["new"]), names="value")
    _stage = box
    return box


def run_cells(cells: list[str], name: str) -> list[Any]:
    """Run a notebook's code cells in a namespace of their own; the widgets they show (each cell's
    last expression, when it is a widget), in order."""
    import ipywidgets as w

    namespace: dict[str, Any] = {"__name__": "__main__"}
    shown: list[Any] = []
    for source in cells:
        tree = ast.parse(source, filename=name)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()  # evaluated below: its value is the cell's widget
        else:
            last = None
        exec(compile(tree, name, "exec"), namespace)  # noqa: S102 -- the site's own notebooks, as voici runs them
        if last is not None:
            value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)
            if isinstance(value, w.Widget):
                shown.append(value)
    return shown


def show(content: Any, request: str) -> None:
    """Show the page ``request`` names (JSON: ``page``, the lesson's file; ``cells``, its code) on the
    stage, in place of the lesson shown there before. A failure is the page's alert sentence (the
    guard reports the observer's exception)."""
    if not request:
        return
    from nidlib.core.messages import DEFAULT_LANGUAGE, set_language

    data = json.loads(request)
    cells = [str(c) for c in data["cells"]]
    os.environ["QUERY_STRING"] = ""  # the copy of a page per language sets its own (tools/lite/pages.py)
    set_language(DEFAULT_LANGUAGE)
    shown = run_cells(cells, str(data.get("page", "<page>")))
    old = content.children
    content.children = tuple(shown)
    for widget in old:
        widget.close()


def prepare() -> list[str]:
    """Do in this Python, once, what every page would do first; the static site's build then saves it
    as the memory snapshot every page starts from (``tools/lite/snapshot.mjs``, docs/adr/0007).

    Imports every module of :data:`OWN_PACKAGES` that imports here (the lab pages' numpy, matplotlib or
    sqlite3 are not on the static site: those modules are left out, as their pages say), reads the
    message catalogue of every language and renders every prose section of every lesson once, which
    compiles the Markdown renderer's patterns. It makes no widget (a snapshot can hold no comm with a
    page) and leaves the language as it found it. Returns the modules imported, in order."""
    import importlib
    import pkgutil

    from nidlib.core.messages import LANGUAGES, catalogue
    from widgets.lessons.page import prose_html

    imported: list[str] = []
    for top in OWN_PACKAGES:
        package = importlib.import_module(top)
        imported.append(top)
        for info in pkgutil.walk_packages(package.__path__, f"{top}."):
            if info.name.endswith(".__main__"):
                continue
            try:
                importlib.import_module(info.name)
            except ImportError:
                continue
            imported.append(info.name)
    for lang in LANGUAGES:
        for key in catalogue(lang):
            if key.startswith("prose."):
                _, stem, section = key.split(".", 2)
                prose_html(stem, section, lang)
    return imported
