"""Every tutorial notebook is thin: narrative in markdown, one-line calls in code, no stored outputs.

The lessons' logic lives in ``widgets/lessons/`` where it is linted, typed and unit-tested; a
notebook only imports a lesson module and calls the functions that return its widgets.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))
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
    markdown = [c for c in nb.cells if c.cell_type == "markdown"]
    assert markdown, f"{path.name}: no markdown cell"
    first = markdown[0].source.lstrip()
    assert first.startswith("# "), f"{path.name}: the first markdown cell must start with a '# ' title"
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
