"""Extract the rule registry from RULES.md into ``nidlib/data/rules.json``.

Usage::

    python tools/extract_rules.py [RULES.md] [--check]

The default source is ``../shared/RULES.md`` next to the repository (or the nearest
``shared/RULES.md`` in a directory above it, for a worktree). A rule is
*defined* where its id opens a paragraph in bold (``**R-TREAS-1** [A] ...``,
``**R-SCORE-2 Warrior** [A] ...``, ``**EC-09** ...``, ``**X-TH-3** ...``) or
where it is the first cell of a table row (``| D-01 | ...``). Every other
mention of an id is a citation and is ignored.

Each entry holds ``id``, ``section`` (the enclosing heading, e.g.
``"5.1 Bid revelation and order"``), ``section_number`` (the top-level section
1-15, ``null`` in the appendices), ``title`` (the word after the id, e.g.
``"Warrior"``, or ``null``), ``confidence`` (``"A"``, ``"B"``, ``"I"``, ``"?"``
or ``null``) and ``text`` (the rule's markdown, bold markers removed and
paragraph lines joined; lists and tables keep one line per item).

``--check`` writes nothing and exits 1 if the committed JSON is stale.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _default_source() -> Path:
    """``../shared/RULES.md`` next to the repository, else the nearest ``shared/RULES.md`` further up
    (a git worktree such as ``/work/wt/<name>`` reads the same ``/work/shared/RULES.md``)."""
    candidates = [parent / "shared" / "RULES.md" for parent in REPO.parents]
    return next((path for path in candidates if path.is_file()), candidates[0])


DEFAULT_SOURCE = _default_source()
OUTPUT = REPO / "nidlib" / "data" / "rules.json"

#: Every id form RULES.md defines (its §0.1 and Appendix A "Identifiers"): base rules ``R-<AREA>-n``,
#: ``R-HERO-<NAME>-n``, ``R-DIST-<NAME>-n``; edge cases ``EC-nn`` and ``EC-Xnn``; disagreements
#: ``D-nn`` and ``D-Xnn``; expansion rules ``X-TH-n``, ``X-ID-n``, ``X-TH-<AREA>[-<NAME>]-n``,
#: ``X-ID-<AREA>[-<NAME>]-n`` (``X-ID-ANIMAL-0`` included) and ``X-BOTH-n``. Every id ends in a number.
ID = r"(?:R-[A-Z]+(?:-[A-Z]+)*-\d+|EC-X?\d{2}|D-X?\d{2}|X-(?:TH|ID)(?:-[A-Z]+)*-\d+|X-BOTH-\d+)"
HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*$")
BOLD_DEF = re.compile(rf"^\*\*(?P<id>{ID})(?:\s+(?P<title>[^*]+?))?\*\*\s*(?P<rest>.*)$")
#: A named data table of Appendix A (``**X-TH-ART table** ...``): not a rule; it ends the rule before it.
TABLE_NAME = re.compile(r"^\*\*X-[A-Z]+(?:-[A-Z]+)* table\*\*")
TABLE_DEF = re.compile(r"^\|\s*(?P<id>D-X?\d{2})\s*\|(?P<cells>.*)\|\s*$")
#: [A] [B] [I] [?] in sections 1-15; Appendix A adds [T] (stated by one rule text only).
CONFIDENCE = re.compile(r"^\[(?P<c>A|B|I|T|\?)\]\s*")
#: A short title printed after the bold id and before the tag: ``**X-TH-10** Mercenary data [A] ...``.
TITLE_THEN_CONFIDENCE = re.compile(r"^(?P<title>[A-Z][\w ,'-]{0,40}?) \[(?P<c>A|B|I|T|\?)\]\s*")
SECTION_NUMBER = re.compile(r"^(\d+)\.")
RULE_LINE = re.compile(r"^-{3,}\s*$")
BLOCK_LINE = re.compile(r"^\s*(?:\||[*+-]\s|\d+\.\s|```)")


@dataclass
class _Entry:
    id: str
    section: str
    section_number: int | None
    title: str | None
    confidence: str | None
    lines: list[str] = field(default_factory=list)


def _strip_markdown(text: str) -> str:
    return text.replace("**", "")


def _join(lines: list[str]) -> str:
    """Join a rule's lines: paragraph lines with spaces; list items and table rows keep their own line."""
    out: list[str] = []
    for raw in lines:
        line = raw.strip()
        if not line:
            if out and out[-1] != "":
                out.append("")
            continue
        starts_item = bool(BLOCK_LINE.match(line))
        previous = out[-1] if out else ""
        if previous and not starts_item and not previous.startswith(("|", "```")):
            out[-1] = f"{previous} {line}"
        else:
            out.append(line)
    return _strip_markdown("\n".join(out)).strip().replace("\n\n\n", "\n\n")


def _section_number(heading: str) -> int | None:
    match = SECTION_NUMBER.match(heading)
    return int(match.group(1)) if match else None


def _new_id(entries: dict[str, _Entry], rule_id: str, section: str) -> str:
    """``rule_id``, which must not be defined yet."""
    if rule_id in entries:
        msg = f"{rule_id} is defined twice (second time in section {section!r})"
        raise ValueError(msg)
    return rule_id


def extract(markdown: str) -> dict[str, dict[str, object]]:
    """Parse RULES.md text into the registry dict (keyed by rule id)."""
    entries: dict[str, _Entry] = {}
    section = ""
    top_number: int | None = None
    table_header: list[str] = []
    in_table = False
    current: _Entry | None = None
    in_code = False

    for line in markdown.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if in_code:
            if current is not None:
                current.lines.append(line)
            continue

        heading = HEADING.match(line)
        if heading:
            current = None
            section = heading.group(2)
            if len(heading.group(1)) == 2:
                top_number = _section_number(section)
            continue
        if RULE_LINE.match(line) or TABLE_NAME.match(line):
            current = None
            continue

        bold = BOLD_DEF.match(line)
        if bold:
            rule_id = _new_id(entries, bold.group("id"), section)
            rest = bold.group("rest")
            title = bold.group("title")
            confidence = CONFIDENCE.match(rest)
            if confidence is None and title is None:
                confidence = TITLE_THEN_CONFIDENCE.match(rest)
                title = confidence.group("title") if confidence else None
            if confidence:
                rest = rest[confidence.end() :]
            current = _Entry(
                id=rule_id,
                section=section,
                section_number=top_number,
                title=title,
                confidence=confidence.group("c") if confidence else None,
                lines=[rest],
            )
            entries[rule_id] = current
            continue

        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not in_table:
                table_header = cells
            in_table = True
            row = TABLE_DEF.match(line)
            if row:
                rule_id = _new_id(entries, row.group("id"), section)
                values = cells[1:]
                labels = table_header[1:] if len(table_header) == len(cells) else [""] * len(values)
                text = "; ".join(
                    f"{label}: {value}" if label else value
                    for label, value in zip(labels, values, strict=True)
                )
                entries[rule_id] = _Entry(
                    id=rule_id,
                    section=section,
                    section_number=top_number,
                    title=None,
                    confidence=None,
                    lines=[text],
                )
                current = None
            elif current is not None:
                current.lines.append(line)
            continue
        in_table = False
        if current is not None:
            current.lines.append(line)

    return {
        rule_id: {
            "id": entry.id,
            "section": entry.section,
            "section_number": entry.section_number,
            "title": entry.title,
            "confidence": entry.confidence,
            "text": _join(entry.lines),
        }
        for rule_id, entry in sorted(entries.items())
    }


def render(registry: dict[str, dict[str, object]]) -> str:
    return json.dumps(registry, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    paths = [a for a in args if a != "--check"]
    source = Path(paths[0]) if paths else DEFAULT_SOURCE
    if not source.is_file():
        print(f"extract_rules: {source} not found; pass the path to RULES.md", file=sys.stderr)
        return 2
    text = render(extract(source.read_text(encoding="utf-8")))
    if check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.is_file() else ""
        if current != text:
            print(f"extract_rules: {OUTPUT} is stale; run `python tools/extract_rules.py`", file=sys.stderr)
            return 1
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"extract_rules: {len(json.loads(text))} ids from {source} -> {OUTPUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
