"""Where does a rule live? ``python -m nidlib rule R-HERO-THRUD-3``.

Prints the rule's text from the registry (``nidlib.core.registry``), then every place in nidlib
that cites the id: the module, line and enclosing function, the events and errors of the
message catalogue that name it, and the gallery's rulings about it::

    >>> places = cited_in("R-HERO-THRUD-3")
    >>> any(p.path.startswith("nidlib/rules/") for p in places)
    True

The scan reads nidlib's own source files, so it answers for the code that is installed.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from nidlib.core.messages import LANGUAGES, clip, render
from nidlib.core.registry import ID_PATTERN, rule

__all__ = ["Citation", "cited_in", "describe", "main"]

_ROOT = Path(__file__).resolve().parents[1]  # the nidlib package
_ID = re.compile(ID_PATTERN)


@dataclass(frozen=True, slots=True)
class Citation:
    """One place that cites a rule id."""

    path: str
    """Relative to the project root, e.g. ``nidlib/rules/engine.py``."""
    line: int
    where: str
    """The enclosing function or class (``_place``), a message key (``thrud.lifted``), or ``""``."""


def _enclosing(tree: ast.Module) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of every function and class, and of module-level assignments."""
    spans: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(target, ast.Name):
            spans.append((node.lineno, node.end_lineno or node.lineno, target.id))
    return spans


@cache
def _index() -> dict[str, tuple[Citation, ...]]:
    found: dict[str, list[Citation]] = {}
    for path in sorted(_ROOT.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue  # this module's examples are not citations
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(_ROOT.parent).as_posix()
        try:
            spans = _enclosing(ast.parse(text))
        except SyntaxError:  # pragma: no cover - nidlib's own files parse
            spans = []
        for n, line in enumerate(text.splitlines(), 1):
            for rid in set(_ID.findall(line)):
                inner = [s for s in spans if s[0] <= n <= s[1]]
                name = min(inner, key=lambda s: s[1] - s[0])[2] if inner else ""
                found.setdefault(rid, []).append(Citation(rel, n, name))
    for path in sorted((_ROOT / "locales" / "en").glob("*.json")):
        rel = path.relative_to(_ROOT.parent).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            key = line.strip().split('"')[1] if line.strip().startswith('"') else ""
            if key.startswith("rule."):
                continue  # the usage line of this tool
            for rid in set(_ID.findall(line)):
                found.setdefault(rid, []).append(Citation(rel, n, key))
    for path in sorted((_ROOT / "content" / "rulings").glob("*.json")):
        rel = path.relative_to(_ROOT.parent).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for rid in set(_ID.findall(line)):
                found.setdefault(rid, []).append(Citation(rel, n, f"ruling {path.stem}"))
    return {rid: tuple(cs) for rid, cs in found.items()}


def cited_in(rule_id: str) -> tuple[Citation, ...]:
    """Every place in nidlib (code, the English catalogue, the rulings) that cites ``rule_id``, in file order."""
    return _index().get(rule_id, ())


def describe(rule_id: str, lang: str | None = None) -> str:
    """The rule's text and the places that cite it, as printed by ``python -m nidlib rule``.

    :raises KeyError: for an id RULES.md does not define (the message suggests close ids).
    """
    r = rule(rule_id.strip().upper())
    out = [f"{r.id} [{r.confidence or '-'}] {r.section}", "", r.text.strip(), ""]
    places = cited_in(r.id)
    if not places:
        out.append(render("rule.where.none", {"id": r.id}, lang))
    else:
        out.append(render("rule.where.title", {"id": r.id, "count": len(places)}, lang))
        out += [f"  {c.path}:{c.line}" + (f"  {c.where}" if c.where else "") for c in places]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    """``nidlib rule ID [--lang LANG]``: 0 and the description, or one line and status 2."""
    args = list(argv)
    lang: str | None = None
    if "--lang" in args:
        k = args.index("--lang")
        lang = args[k + 1] if k + 1 < len(args) else ""
        del args[k : k + 2]
        if lang not in LANGUAGES:
            print(render("play.err.lang", {"value": clip(lang)}), file=sys.stderr)
            return 2
    if len(args) != 1:
        print(render("rule.err.usage", {}, lang), file=sys.stderr)
        return 2
    try:
        text = describe(args[0], lang)
    except KeyError as e:
        print(f"nidlib rule: {e.args[0]}", file=sys.stderr)
        return 2
    print(text, end="")
    return 0
