"""Every rule id cited by the code, the notebooks and the message catalogue is defined in RULES.md.

Scanned: ``nidlib/`` (but not the generated ``nidlib/data/rules.json``), ``widgets/``, ``tools/``,
``tutorials/*.ipynb`` and ``nidlib/locales/**`` (the catalogue and the lessons' prose). A citation is a
whole id of any form RULES.md defines (``nidlib.core.registry.ID_PATTERN``): not part of a longer word, so
``PR-1`` or ``MAX-ID-1`` cite nothing. Something shaped like an id that fits no form (``EC-9``,
``R-TREAS1-2``) is reported too. Test names are checked by ``tests/test_rule_coverage.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from nidlib.core.registry import ID_PATTERN, RULES

REPO = Path(__file__).resolve().parents[1]
GENERATED = {REPO / "nidlib" / "data" / "rules.json"}

#: a whole id: no letter, digit, ``_`` or ``-`` may touch it on either side
CITATION = re.compile(rf"(?<![\w-])({ID_PATTERN})(?![\w-])")
#: anything shaped like an id (prefix R/EC/D/X, dash-separated capitals and digits, ending in a digit)
ID_SHAPED = re.compile(r"(?<![\w-])((?:R|EC|D|X)-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![\w-])")


def sources() -> Iterator[Path]:
    """The files whose citations must exist."""
    for folder in ("nidlib", "widgets", "tools"):
        for path in sorted((REPO / folder).rglob("*")):
            if (
                path.is_file()
                and "__pycache__" not in path.parts
                and path not in GENERATED
                and path.suffix in (".py", ".json", ".md", ".txt", ".html", ".css", ".js")
            ):
                yield path
    yield from sorted((REPO / "tutorials").glob("*.ipynb"))


def bad_citations(text: str) -> list[str]:
    """The ids ``text`` cites that RULES.md does not define, and the id-shaped words that fit no form."""
    unknown = [m.group(1) for m in CITATION.finditer(text) if m.group(1) not in RULES]
    malformed = [
        m.group(1)
        for m in ID_SHAPED.finditer(text)
        if m.group(1)[-1].isdigit() and not re.fullmatch(ID_PATTERN, m.group(1))
    ]
    return unknown + malformed


def report(paths: Iterable[Path]) -> list[str]:
    out = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            out.extend(f"{path.relative_to(REPO)}:{n}: {bad}" for bad in bad_citations(line))
    return out


def test_scanned_files_include_code_notebooks_and_catalogue() -> None:
    scanned = {p.relative_to(REPO).as_posix() for p in sources()}
    assert "nidlib/rules/engine.py" in scanned
    assert "nidlib/content/gallery.py" in scanned
    assert "widgets/lab.py" in scanned
    assert "tools/extract_rules.py" in scanned
    assert "tutorials/10-edge-case-lab.ipynb" in scanned
    assert "nidlib/locales/en/engine.json" in scanned
    assert "nidlib/locales/zh-Hant/prose/04-army-and-heroes.md" in scanned
    assert "nidlib/data/rules.json" not in scanned


def test_code_notebooks_and_catalogue_cite_only_ids_rules_md_defines() -> None:
    bad = report(sources())
    assert not bad, (
        "ids that RULES.md does not define (see nidlib.core.registry.rule for the closest):\n  "
        + ("\n  ".join(bad))
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana picks first. [R-ORDER-2]", []),
        ('"rules": ("R-HERO-LOKDUR-1", "R-HERO-ZORAL-1")', []),
        ("see EC-09, EC-X01, D-25, D-X24, X-TH-3, X-BOTH-7", []),
        ("X-TH-ART-FAFNIR-1 and X-ID-GOD-LOKI-2, X-ID-ANIMAL-0", []),
        ("R-HERO-THRUD-2/3 and R-RECRUIT-1..3", []),
        ('("R-HERO-LOKDUR-2", "R-HERO-ZORAL-2")', ["R-HERO-LOKDUR-2", "R-HERO-ZORAL-2"]),
        ("[R-TREAS-9]", ["R-TREAS-9"]),
        (
            "EC-53 or EC-X57 or D-09 or D-X25 or X-BOTH-8 or X-TH-ART-FAFNIR-3",
            ["EC-53", "EC-X57", "D-09", "D-X25", "X-BOTH-8", "X-TH-ART-FAFNIR-3"],
        ),
        ("a typo: EC-9, R-TREAS1-2", ["EC-9", "R-TREAS1-2"]),
        # not citations: parts of longer words, prefixes, placeholders, ranges written with n
        ("PR-1 XR-GEM-3 MAX-ID-1 BOX-D-01 R-GEM-3x R-GEM-3-b EC-nn X-TH-<AREA>-n R-DIST-* D-Xnn", []),
    ],
)
def test_citation_scanner(text: str, expected: list[str]) -> None:
    assert bad_citations(text) == expected
