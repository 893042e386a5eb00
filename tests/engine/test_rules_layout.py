"""The rules split by phase (nidlib/rules/): each module names the rule ids it implements, no import circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import nidlib
from nidlib.core.registry import ID_PATTERN, rule_ids
from nidlib.rules import engine

RULES_DIR = Path(nidlib.__file__).parent / "rules"
PHASES = (
    "base",
    "flow",
    "bidding",
    "taverns",
    "trades",
    "evaluation",
    "legal",
    "thingvellir",
    "idavoll",
    "valkyries",
)


def _module_imports(path: Path) -> set[str]:
    """The nidlib.rules modules a module imports when it is loaded (not the lazy imports inside functions)."""
    out: set[str] = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "nidlib.rules":
                out.update(a.name for a in node.names)
            elif node.module.startswith("nidlib.rules."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[2] for a in node.names if a.name.startswith("nidlib.rules."))
    return out


def test_the_rules_modules_import_each_other_without_a_circle() -> None:
    graph = {
        p.stem: _module_imports(p) & {q.stem for q in RULES_DIR.glob("*.py")} for p in RULES_DIR.glob("*.py")
    }
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import circle: {' -> '.join((*path, m))}"
        if m in done:
            return
        for n in sorted(graph.get(m, ())):
            visit(n, (*path, m))
        done.add(m)

    for m in sorted(graph):
        visit(m, ())
    assert graph["base"] <= set(), "base is the bottom of the rules: it imports no other rules module"


@pytest.mark.parametrize("name", PHASES)
def test_each_phase_module_lists_the_rule_ids_it_implements(name: str) -> None:
    text = (RULES_DIR / f"{name}.py").read_text("utf-8")
    doc = ast.get_docstring(ast.parse(text)) or ""
    listed = set(re.findall(ID_PATTERN, doc.partition("Rule ids:")[2]))
    assert listed, f"nidlib/rules/{name}.py: its docstring has no 'Rule ids:' list"
    known = set(rule_ids("R-")) | set(rule_ids("X-")) | set(rule_ids("EC-")) | set(rule_ids("D-"))
    assert listed <= known, f"ids RULES.md does not define: {sorted(listed - known)}"
    body = text.replace(ast.get_docstring(ast.parse(text), clean=False) or "", "", 1)
    cited = set(re.findall(ID_PATTERN, body))
    assert cited <= listed, (
        f"nidlib/rules/{name}.py cites ids its docstring does not list: {sorted(cited - listed)}"
    )


def test_r_hero_thrud_3_the_lift_has_one_home() -> None:
    """The Thrud lift is written once (taverns._put): no other rules module lifts her itself."""
    for path in RULES_DIR.glob("*.py"):
        text = path.read_text("utf-8")
        lifts = text.count('"thrud.lifted"')
        assert lifts == (1 if path.stem == "taverns" else 0), path.name


def test_the_engine_facade_keeps_the_public_entry_points() -> None:
    for name in (
        "new_game",
        "decision",
        "to_act",
        "legal_actions",
        "check",
        "apply",
        "advance",
        "final_scores",
    ):
        assert getattr(engine, name) is getattr(nidlib, name)
