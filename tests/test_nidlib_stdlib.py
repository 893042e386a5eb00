"""nidlib is the pure rules engine: it imports nothing but the standard library and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

NIDLIB = Path(__file__).resolve().parents[1] / "nidlib"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_nidlib_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"nidlib", "__future__"}
    offenders = {
        str(p.relative_to(NIDLIB.parent)): sorted(_imports(p) - allowed) for p in sorted(NIDLIB.rglob("*.py"))
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"nidlib must stay standard-library only: {offenders}"


def test_the_scan_sees_third_party_imports(tmp_path: Path) -> None:
    """The scan itself works: a module importing ipywidgets or traitlets would be reported."""
    sample = tmp_path / "sample.py"
    sample.write_text("import ipywidgets\nfrom traitlets import Int\nimport json\nfrom . import cards\n")
    assert _imports(sample) - set(sys.stdlib_module_names) == {"ipywidgets", "traitlets"}
