"""No import circle anywhere in nidlib, and every module imports on its own in a fresh interpreter.

The graph counts every ``import`` statement, including those inside functions (a "lazy" import that
closes a circle is still a circle: it only hides it until the function runs).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NIDLIB = ROOT / "nidlib"


def _modules(package: Path) -> dict[str, Path]:
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (anywhere in its source)."""
    mods = _modules(package)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        here = m if path.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            graph[m].update(t for t in targets if t in mods and t != m)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                return [*path[path.index(d) :], d]
            if d not in state and (found := visit(d)):
                return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_nidlib_has_no_import_circle() -> None:
    graph = import_graph(NIDLIB)
    assert "nidlib.core.state" in graph
    assert "nidlib.core.state" in graph["nidlib.core.serialize"]
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_scan_finds_a_circle_hidden_in_a_function(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub.b import f\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .. import a\n    return a\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.a"}
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.a"]


def test_every_nidlib_module_imports_in_a_fresh_interpreter() -> None:
    """Every module (the tools and content that ``import nidlib`` does not load included) imports cleanly.

    One interpreter for all: importing any of them first runs ``nidlib/__init__`` anyway, so the order
    is the package's; the static graph above is what rules out circles.
    """
    names = [m for m in _modules(NIDLIB) if m != "nidlib.__main__"]
    code = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    r = subprocess.run(
        [sys.executable, "-c", code, *names],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert r.returncode == 0, r.stderr


# The layers, bottom to top: a module may import its own layer and those below, never one above
# (lazy imports inside functions included). ``nidlib/__init__`` and ``__main__`` sit above all.
LAYERS = ("core", "rules", "content", "tools")


def layer_violations(graph: dict[str, set[str]], root: str = "nidlib") -> list[str]:
    """Every import from a lower layer up to a higher one, as ``"importer -> imported"``."""

    def layer(m: str) -> int | None:
        parts = m.split(".")
        if len(parts) > 1 and parts[0] == root and parts[1] in LAYERS:
            return LAYERS.index(parts[1])
        return None

    out = []
    for m, deps in sorted(graph.items()):
        low = layer(m)
        if low is None:
            continue
        out += [f"{m} -> {d}" for d in sorted(deps) if (up := layer(d)) is not None and up > low]
    return out


def test_nidlib_layers_import_only_downwards() -> None:
    graph = import_graph(NIDLIB)
    assert "nidlib.rules.flowcheck" in graph["nidlib.rules.load"]
    assert layer_violations(graph) == []


def test_the_layer_scan_finds_core_reaching_into_rules_lazily(tmp_path: Path) -> None:
    pkg = tmp_path / "nidlib"
    for sub in ("core", "rules", "tools"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "rules" / "check.py").write_text("from nidlib.core.state import S\n")
    (pkg / "core" / "state.py").write_text("S = 1\ndef load():\n    from nidlib.rules import check\n")
    (pkg / "tools" / "bot.py").write_text("from ..core import state\n")
    graph = import_graph(pkg)
    assert layer_violations(graph) == ["nidlib.core.state -> nidlib.rules.check"]
