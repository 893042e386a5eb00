"""The rule registry (nidlib.core.registry) and its generator (tools/extract_rules.py)."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from nidlib.core.registry import ID_PATTERN, RULES, RuleText, rule, rule_ids, section_ids

REPO = Path(__file__).resolve().parents[1]


def _load_extractor() -> ModuleType:
    spec = importlib.util.spec_from_file_location("extract_rules", REPO / "tools" / "extract_rules.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("extract_rules", module)
    spec.loader.exec_module(module)
    return module


extract_rules = _load_extractor()


# -- the registry ---------------------------------------------------------------------------------


def test_treasury_rule_text_is_the_rulebook_wording() -> None:
    text = rule("R-TREAS-1").text
    assert "smallest value greater" in text
    assert "largest value lower" in text
    # the numbered steps are kept, one per line
    assert "\n4. [B] The coin taken may never have the same value" in text


def test_rule_carries_section_confidence_and_number() -> None:
    gem = rule("R-GEM-3")
    assert gem.section == "8. Gem exchange"
    assert gem.section_number == 8
    assert gem.confidence == "A"
    assert "Gem 6 is never exchanged" in gem.text
    reveal = rule("R-ORDER-1")
    assert reveal.section == "5.1 Bid revelation and order"
    assert reveal.section_number == 5


def test_confidence_tags_are_read_from_the_rule_head() -> None:
    assert rule("R-SETUP-7").confidence == "I"
    assert rule("R-HERO-DAGDA-3").confidence == "B"
    assert rule("R-TRADE-4").confidence == "?"
    assert rule("R-SCORE-11").confidence is None  # printed without a tag
    assert rule("EC-09").confidence is None


def test_titled_rules_keep_their_title_out_of_the_text() -> None:
    warrior = rule("R-SCORE-2")
    assert warrior.title == "Warrior"
    assert warrior.text.startswith("Sum of the BP of all ranks in the Warrior column")
    assert rule("R-SCORE-11").text.startswith("Score tables")
    assert "| Hunter `n²` | 0 | 1 | 4 |" in rule("R-SCORE-11").text


def test_all_52_edge_cases_exist_in_order() -> None:
    base = tuple(rid for rid in rule_ids("EC-") if not rid.startswith("EC-X"))
    assert base == tuple(f"EC-{n:02d}" for n in range(1, 53))
    assert "FBV 227" in rule("EC-52").text
    assert rule("EC-52").section == "14.5 Scoring"


def test_disagreements_are_table_rows_and_d09_is_unused() -> None:
    expected = tuple(f"D-{n:02d}" for n in range(1, 27) if n != 9)
    assert tuple(rid for rid in rule_ids("D-") if not rid.startswith("D-X")) == expected
    assert rule("D-25").text.startswith("Topic: Thrud displaced by Bonfur/Dagda; Rulebook (adopted):")
    assert rule("D-01").section == "15.1 Seeds vs rulebook-derived material"


def test_expansion_rules_live_in_the_appendix() -> None:
    assert {rid.split("-")[1] for rid in rule_ids("X-")} == {"TH", "ID", "BOTH"}
    assert rule("X-TH-3").section == "A.1.3 The Camp"
    assert rule("X-TH-3").section_number is None
    assert all(rule(rid).section_number is None for rid in rule_ids("X-"))


def _form(rule_id: str) -> str:
    """``X-TH-ART-FAFNIR-1`` -> ``X-TH-ART-FAFNIR-n``; ``EC-X07`` -> ``EC-Xnn``; ``R-GEM-3`` -> ``R-``."""
    if rule_id.startswith("R-"):
        return "R-"
    return re.sub(r"\d+$", lambda m: "n" * (len(m.group()) if rule_id[:1] in "ED" else 1), rule_id)


def test_every_id_form_of_appendix_a_is_read() -> None:
    """Appendix A's edge cases, disagreements and structured detail ids (231 of them) are all read."""
    assert rule_ids("EC-X") == tuple(f"EC-X{n:02d}" for n in range(1, 57))
    assert rule_ids("D-X") == tuple(f"D-X{n:02d}" for n in range(1, 25))
    assert rule_ids("X-BOTH-") == tuple(f"X-BOTH-{n}" for n in range(1, 8))
    anchors = [rid for rid in rule_ids("X-") if re.fullmatch(r"X-(TH|ID)-\d+", rid)]
    assert sorted(anchors) == sorted(
        [f"X-TH-{n}" for n in range(1, 14)] + [f"X-ID-{n}" for n in range(1, 13)]
    )
    detail = [rid for rid in rule_ids("X-") if not re.fullmatch(r"X-(TH|ID)-\d+", rid)]
    assert len(detail) == 144 + 7  # X-TH-<AREA>... 77, X-ID-<AREA>... 67, X-BOTH-n 7
    assert len(detail) + len(rule_ids("EC-X")) + len(rule_ids("D-X")) == 231
    forms = {_form(rid) for rid in RULES}
    assert {
        "X-TH-CAMP-n",
        "X-TH-MERC-n",
        "X-TH-ENL-n",
        "X-TH-ART-FAFNIR-n",
        "X-TH-HERO-OLWYN-n",
        "X-TH-INT-n",
        "X-TH-SEQ-n",
        "X-TH-SCORE-n",
        "X-ID-DECK-n",
        "X-ID-ANIMAL-n",
        "X-ID-ANIMAL-GARM-n",
        "X-ID-GOD-LOKI-n",
        "X-ID-GIANT-n",
        "X-ID-GIANT-SURT-n",
        "X-ID-VALK-OLRUN-n",
        "X-ID-INT-n",
        "X-ID-SEQ-n",
        "X-ID-SCORE-n",
        "X-BOTH-n",
        "EC-Xnn",
        "D-Xnn",
    } <= forms
    assert "X-ID-ANIMAL-0" in RULES  # the one id numbered 0


def test_appendix_rules_carry_their_section_text_and_tags() -> None:
    fafnir = rule("X-TH-ART-FAFNIR-1")
    assert fafnir.section == "A.1.5 Artifacts"
    assert fafnir.confidence == "A"
    assert fafnir.text.startswith("From the moment its owner takes it")
    assert rule("X-ID-GOD-FREYA-2").confidence == "T"  # [T]: one rule text only (Appendix A)
    assert rule("X-ID-GOD-LOKI-2").confidence == "?"
    mercenaries = rule("X-TH-10")  # **X-TH-10** Mercenary data [A] (...)
    assert (mercenaries.title, mercenaries.confidence) == ("Mercenary data", "A")
    assert "| M2 | I | Hunter (—) | Explorer 8 |" in mercenaries.text
    assert rule("EC-X01").section == "A.4.1 Camp and Mercenaries"
    assert "the remaining card goes to the discard pile" in rule("EC-X01").text
    assert rule("D-X02").text.startswith("Topic: Mercenary M2 (Age I, Hunter/Explorer) Explorer BP; ")
    assert rule("D-X02").section == "A.5 Disagreements between sources (expansions)"
    assert rule("X-BOTH-1").section == "A.3 Both expansions together"


def test_named_data_tables_are_not_rules_and_end_the_rule_before_them() -> None:
    """``**X-ID-ANIMAL table**`` is data, not an id: it neither becomes a rule nor joins X-ID-1's text."""
    assert not any(rid in RULES for rid in ("X-TH-ART", "X-ID-ANIMAL", "X-ID-GOD", "X-ID-GIANT", "X-ID-VALK"))
    assert "| Durathor |" not in rule("X-ID-1").text
    assert "| Fafnir Baleygr |" not in rule("X-TH-1").text
    assert rule("X-ID-6").text == "Data: X-ID-ANIMAL table."  # the animal rules that follow are their own


def test_id_pattern_matches_every_id_and_the_extractor_uses_it() -> None:
    assert all(re.fullmatch(ID_PATTERN, rid) for rid in RULES)
    assert extract_rules.ID == ID_PATTERN
    for not_an_id in ("EC-9", "D-9", "X-TH-ART", "R-HERO", "X-BOTH", "EC-X1", "X-ZZ-1"):
        assert not re.fullmatch(ID_PATTERN, not_an_id), not_an_id


def test_section_ids_cover_sections_1_to_13_only() -> None:
    ids = section_ids()
    assert "R-COMP-1" in ids
    assert "R-SEQ-5" in ids
    assert "R-HERO-THRUD-6" in ids
    assert all(rid.startswith("R-") for rid in ids)
    assert all(1 <= (rule(rid).section_number or 0) <= 13 for rid in ids)
    assert ids == rule_ids("R-")  # every R- rule of RULES.md sits in §1-13
    assert section_ids([8]) == ("R-GEM-1", "R-GEM-2", "R-GEM-3", "R-GEM-4", "R-GEM-5")
    assert section_ids([14]) == ()


def test_every_id_cited_in_a_rule_text_exists() -> None:
    """Cross references such as "(R-COIN-1)" or "see EC-15" point at defined rules."""
    cited = re.compile(rf"(?<![\w-])({ID_PATTERN})(?![\w-])")
    dangling = {
        (ref, text.id) for text in RULES.values() for ref in cited.findall(text.text) if ref not in RULES
    }
    assert not dangling, f"rule texts cite undefined ids: {sorted(dangling)}"


def test_unknown_id_raises_key_error_with_suggestions() -> None:
    with pytest.raises(KeyError, match=r"unknown rule id 'R-TRADE-9'.*did you mean .*R-TRADE-"):
        rule("R-TRADE-9")
    with pytest.raises(KeyError, match="no such rule"):
        rule("nothing-like-a-rule")


def test_rule_texts_are_frozen_values() -> None:
    gem = rule("R-GEM-3")
    assert isinstance(gem, RuleText)
    with pytest.raises(dataclasses.FrozenInstanceError):
        gem.text = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        RULES["R-NEW-1"] = gem  # type: ignore[index]


# -- the generator --------------------------------------------------------------------------------

SAMPLE = """\
# Title

## 5. Tavern resolution

### 5.1 Bid revelation and order

**R-ORDER-1** [A] Pick order, highest first;
second line of the same paragraph.

**R-SCORE-2 Warrior** [?] Sum of BP, citing **R-ORDER-1** inline.

| Value | 5 | 6 |
|---|---|---|
| Copies | 2 | 2 |

---

## 14. Edge cases

**EC-01** A situation. → An outcome.

## 15. Disagreements

| ID | Topic | Adopted |
|---|---|---|
| D-01 | Ties | By gem |

## Appendix A. Expansions

#### A.1.5 Artifacts

**X-TH-ART-FAFNIR-1** [T] A Camp visit,
second line.

**X-TH-ART table** — artifacts:

| Artifact | Age |
|---|---|
| Fafnir | I |

**X-TH-10** Mercenary data [A] (cards).

**X-ID-ANIMAL-0** [I] Animals are not Dwarf cards.

**X-BOTH-2** [A] Rounds.

**EC-X01** A Camp case. → An outcome.

### A.5 Disagreements between sources (expansions)

| ID | Topic |
|---|---|
| D-X01 | Enlistment |
"""


def test_extractor_reads_bold_definitions_tables_and_sections() -> None:
    registry = extract_rules.extract(SAMPLE)
    assert sorted(registry) == [
        "D-01", "D-X01", "EC-01", "EC-X01", "R-ORDER-1", "R-SCORE-2",
        "X-BOTH-2", "X-ID-ANIMAL-0", "X-TH-10", "X-TH-ART-FAFNIR-1",
    ]  # fmt: skip
    assert registry["R-ORDER-1"] == {
        "id": "R-ORDER-1",
        "section": "5.1 Bid revelation and order",
        "section_number": 5,
        "title": None,
        "confidence": "A",
        "text": "Pick order, highest first; second line of the same paragraph.",
    }
    score = registry["R-SCORE-2"]
    assert score["title"] == "Warrior"
    assert score["confidence"] == "?"
    assert score["text"] == (
        "Sum of BP, citing R-ORDER-1 inline.\n\n| Value | 5 | 6 |\n|---|---|---|\n| Copies | 2 | 2 |"
    )
    assert registry["EC-01"]["section_number"] == 14
    assert registry["EC-01"]["confidence"] is None
    assert registry["D-01"]["text"] == "Topic: Ties; Adopted: By gem"


def test_extractor_reads_the_appendix_id_forms() -> None:
    registry = extract_rules.extract(SAMPLE)
    fafnir = registry["X-TH-ART-FAFNIR-1"]
    assert fafnir["section"] == "A.1.5 Artifacts"
    assert fafnir["section_number"] is None
    assert fafnir["confidence"] == "T"
    assert fafnir["text"] == "A Camp visit, second line."  # the named table after it is not its text
    assert registry["X-TH-10"]["title"] == "Mercenary data"
    assert registry["X-TH-10"]["confidence"] == "A"
    assert registry["X-TH-10"]["text"] == "(cards)."
    assert registry["X-ID-ANIMAL-0"]["confidence"] == "I"
    assert registry["X-BOTH-2"]["text"] == "Rounds."
    assert registry["EC-X01"]["text"] == "A Camp case. → An outcome."
    assert registry["D-X01"]["text"] == "Topic: Enlistment"


def test_extractor_rejects_an_id_defined_twice() -> None:
    with pytest.raises(ValueError, match="R-ORDER-1 is defined twice"):
        extract_rules.extract(SAMPLE + "\n**R-ORDER-1** [A] again\n")


def test_committed_json_matches_rules_md() -> None:
    source = extract_rules.DEFAULT_SOURCE
    if not source.is_file():
        pytest.skip(f"RULES.md is not checked out next to the repository ({source})")
    expected = extract_rules.render(extract_rules.extract(source.read_text(encoding="utf-8")))
    committed = (REPO / "nidlib" / "data" / "rules.json").read_text(encoding="utf-8")
    assert committed == expected, "nidlib/data/rules.json is stale: run `make rules`"
