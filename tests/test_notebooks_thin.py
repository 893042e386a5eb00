"""Every tutorial notebook is thin: one-line calls in code, no stored outputs, no markdown.

The lessons' logic lives in ``widgets/lessons/`` where it is linted, typed and unit-tested; a
notebook only imports a lesson module and calls the functions that return its widgets. Its
narrative is catalogue text (``nidlib/locales/<lang>/prose/<notebook>.md``, shown by
``say("section")``) so that it can be translated like every other sentence: a markdown cell would
stay English in every language.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from nidlib.core.messages import prose_sections

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))
PROSE = TUTORIALS.parent / "nidlib" / "locales" / "en" / "prose"
MAX_LINES = 3

#: The only node types a code cell may contain: imports, names, attribute access, calls and
#: their literal arguments.
ALLOWED = (
    ast.Module,
    ast.Expr,
    ast.Import,
    ast.ImportFrom,
    ast.alias,
    ast.Name,
    ast.Load,
    ast.Store,
    ast.Attribute,
    ast.Call,
    ast.keyword,
    ast.Constant,
    ast.Assign,
    ast.List,
    ast.Tuple,
    ast.UnaryOp,
    ast.USub,
)


def _code_lines(source: str) -> list[str]:
    return [line for line in source.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_there_are_notebooks() -> None:
    assert any(nb.name == "index.ipynb" for nb in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_thin(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    markdown = [k for k, c in enumerate(nb.cells) if c.cell_type != "code"]
    assert not markdown, (
        f"{path.name}: cells {markdown} are not code (move their text to the prose catalogue)"
    )
    for k, cell in enumerate(nb.cells):
        where = f"{path.name} cell {k}"
        if cell.cell_type != "code":
            continue
        assert cell.outputs == [], f"{where}: stored outputs (strip them before committing)"
        assert cell.execution_count is None, f"{where}: stored execution count"
        lines = _code_lines(cell.source)
        assert len(lines) <= MAX_LINES, f"{where}: {len(lines)} code lines (at most {MAX_LINES})"
        tree = ast.parse(cell.source)
        for node in ast.walk(tree):
            assert isinstance(node, ALLOWED), (
                f"{where}: {type(node).__name__} is not allowed in a thin notebook "
                f"(move the logic into widgets/lessons/): {cell.source!r}"
            )


def test_the_checker_rejects_logic() -> None:
    """The allow-list really rejects the constructs lessons must keep out of notebooks."""
    for source in (
        "def f():\n    pass",
        "class A:\n    pass",
        "for i in x:\n    f(i)",
        "while x:\n    f()",
        "if x:\n    f()",
        "try:\n    f()\nexcept Exception:\n    pass",
        "with x:\n    f()",
        "g = lambda: 1",
        "[i for i in x]",
        "a + b",
    ):
        kinds = {type(n) for n in ast.walk(ast.parse(source))}
        assert not all(issubclass(k, ALLOWED) for k in kinds), source
    assert all(isinstance(n, ALLOWED) for n in ast.walk(ast.parse("from a import b as c\nc.d(1, x=-2)")))


SAY = re.compile(r"""\b\w+\.say\(["']([a-z0-9-]+)["']\)""")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_prose_sections_are_used_once_in_order(path: Path) -> None:
    """Each ``say("x")`` names a section of the notebook's English prose file, and the notebook
    shows every section of that file exactly once, in the file's order."""
    nb = nbformat.read(path, as_version=4)
    said = [m for c in nb.cells for m in SAY.findall(c.source)]
    prose = PROSE / f"{path.stem}.md"
    sections = list(prose_sections(prose.read_text("utf-8"))) if prose.exists() else []
    assert said == sections, f"{path.name} shows {said}, {prose.name} has {sections}"
    if path.stem != "index":
        assert said[:1] == ["intro"], f"{path.name}: a lesson opens with its 'intro' section"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_starts_with_header_and_ends_with_footer(path: Path) -> None:
    """The first cell builds the header (theme, navigation); the last one is the footer, which also
    finishes a page Voila built ahead of its request (widgets/preheat.py)."""
    nb = nbformat.read(path, as_version=4)
    first, last = nb.cells[0].source, nb.cells[-1].source
    assert re.search(r"\.(header|page)\(\)\s*$", first), f"{path.name}: first cell {first!r}"
    assert re.fullmatch(r"\w+\.footer\(\)\s*", last), f"{path.name}: last cell {last!r}"
