"""Meta-test: every rule of RULES.md §1-13 and every edge case EC-01..EC-52 is checked by a test.

A test covers a rule when its function name contains the rule id in snake case:
``R-TREAS-1`` -> ``test_r_treas_1_takes_the_next_higher_coin``, ``EC-09`` -> ``test_ec_09_...``.
The id must be followed by a non-digit (``r_treas_1`` does not cover ``R-TREAS-11``) and preceded
by ``_`` or the start of the name. Test names that cite an id RULES.md does not define fail too
(typo guard).

The ids come from ``nidlib.core.registry`` (generated from RULES.md by ``tools/extract_rules.py``).

The expansion ids of Appendix A (``X-TH-…``, ``X-ID-…``, ``X-BOTH-n``, ``EC-X01..EC-X56``,
``D-X01..D-X24``) are exempt from the coverage checks: the engine does not implement Thingvellir or
Idavoll yet, so no test can check them. When an expansion is implemented, add its ids here. Test names
that cite them are still checked for typos (``test_test_names_cite_only_rules_that_exist``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from nidlib.core.registry import RULES, rule_ids, section_ids

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent

AREAS = sorted({rid.split("-")[1].lower() for rid in RULES if rid.startswith("R-")})
# What a citation looks like inside a test name: r_<area>[_<word>]_<n>, ec_<nn>, ec_x<nn>, d_<nn>,
# d_x<nn>, x_th[_<word>...]_<n>, x_id[_<word>...]_<n>, x_both_<n>.
CITATION = re.compile(
    rf"(?:^|_)(r_(?:{'|'.join(AREAS)})(?:_[a-z]+)?_\d+|ec_x?\d+|d_x?\d{{2}}"
    r"|x_(?:th|id)(?:_(?:[a-z]+))*?_\d+|x_both_\d+)(?!\d)"
)
#: The base game's edge cases (section 14); Appendix A's EC-X01..EC-X56 are exempt (see above).
BASE_EDGE_CASE = re.compile(r"EC-\d{2}")


def snake(rule_id: str) -> str:
    """``R-HERO-DAGDA-3`` -> ``r_hero_dagda_3``."""
    return rule_id.lower().replace("-", "_")


def cites(test_name: str, rule_id: str) -> bool:
    """Whether ``test_name`` names ``rule_id`` as a whole id."""
    return re.search(rf"(?:^|_){re.escape(snake(rule_id))}(?!\d)", test_name) is not None


def collect_test_functions(paths: Iterable[Path]) -> Iterator[tuple[str, str]]:
    """``(name, "file:line")`` of every ``test_*`` function or method defined in ``paths``."""
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                where = path.relative_to(REPO) if path.is_relative_to(REPO) else path
                yield node.name, f"{where}:{node.lineno}"


def _all_test_names() -> list[str]:
    return [name for name, _ in collect_test_functions(sorted(TESTS.rglob("*.py")))]


def uncovered(ids: Iterable[str], names: Iterable[str]) -> list[str]:
    names = list(names)
    return [rid for rid in ids if not any(cites(name, rid) for name in names)]


def _report(kind: str, missing: list[str], total: int) -> str:
    return (
        f"{len(missing)} of {total} {kind} have no test named after them "
        f"(name a test e.g. test_{snake(missing[0])}_<what it checks>):\n  " + "\n  ".join(missing)
    )


# -- the coverage checks --------------------------------------------------------------------------


def test_every_rule_of_sections_1_to_13_has_a_named_test() -> None:
    ids = section_ids(range(1, 14))
    assert len(ids) > 100, "the rule registry looks truncated; run `make rules`"
    missing = uncovered(ids, _all_test_names())
    assert not missing, _report("rules of RULES.md §1-13", missing, len(ids))


def test_every_edge_case_has_a_named_test() -> None:
    ids = tuple(rid for rid in rule_ids("EC-") if BASE_EDGE_CASE.fullmatch(rid))
    assert ids == tuple(f"EC-{n:02d}" for n in range(1, 53))
    missing = uncovered(ids, _all_test_names())
    assert not missing, _report("edge cases EC-01..EC-52", missing, len(ids))


def test_test_names_cite_only_rules_that_exist() -> None:
    known = {snake(rid) for rid in RULES}
    unknown = [
        f"{where} {name}: {citation}"
        for name, where in collect_test_functions(sorted(TESTS.rglob("*.py")))
        for citation in CITATION.findall(name)
        if citation not in known
    ]
    assert not unknown, "test names cite ids that RULES.md does not define:\n  " + "\n  ".join(unknown)


# -- the matcher itself ---------------------------------------------------------------------------


def test_cites_matches_whole_ids_only() -> None:
    assert cites("test_r_treas_1_next_higher_coin", "R-TREAS-1")
    assert cites("test_r_treas_1", "R-TREAS-1")
    assert cites("test_trade_then_r_treas_1", "R-TREAS-1")
    assert not cites("test_r_treas_11_next_higher_coin", "R-TREAS-1")
    assert not cites("test_r_treas_2", "R-TREAS-1")
    assert cites("test_ec_09_offering_before_trade", "EC-09")
    assert not cites("test_ec_9_offering_before_trade", "EC-09")
    assert not cites("test_spec_09", "EC-09")
    assert cites("test_r_hero_dagda_3_needs_two_columns", "R-HERO-DAGDA-3")
    assert not cites("test_r_hero_dagda_3_needs_two_columns", "R-HERO-DAGDA-1")


def test_citation_pattern_flags_ids_that_do_not_exist() -> None:
    known = {snake(rid) for rid in RULES}

    def unknown(name: str) -> list[str]:
        return [c for c in CITATION.findall(name) if c not in known]

    assert unknown("test_r_treas_1_and_r_trade_2_and_ec_52") == []
    assert unknown("test_r_hero_thrud_3_never_covered") == []
    assert unknown("test_r_treas_9_fallback") == ["r_treas_9"]
    assert unknown("test_r_hero_thrud_99_x") == ["r_hero_thrud_99"]
    assert unknown("test_ec_53_new_case") == ["ec_53"]
    assert unknown("test_ec_9_missing_zero") == ["ec_9"]
    assert unknown("test_d_09_unused_id") == ["d_09"]
    assert unknown("test_round_2_refill") == []  # "round" is an area only after "r_"
    # Appendix A forms
    assert unknown("test_x_th_art_fafnir_1_and_ec_x01_and_d_x24_and_x_both_7_and_x_id_animal_0") == []
    assert unknown("test_x_th_art_fafnir_3_camp") == ["x_th_art_fafnir_3"]
    assert unknown("test_ec_x57_new_case") == ["ec_x57"]
    assert unknown("test_d_x25_new") == ["d_x25"]
    assert unknown("test_x_both_8") == ["x_both_8"]


def test_expansion_ids_are_exempt_from_coverage_until_the_expansions_exist() -> None:
    """Coverage asks only for §1-13 and EC-01..EC-52: no expansion id is among the ids checked."""
    checked = set(section_ids(range(1, 14))) | {
        rid for rid in rule_ids("EC-") if BASE_EDGE_CASE.fullmatch(rid)
    }
    expansion = {rid for rid in RULES if rid.startswith(("X-", "EC-X", "D-X"))}
    assert len(expansion) == 56 + 24 + len(rule_ids("X-"))
    assert not checked & expansion


def test_collects_functions_methods_and_async_tests(tmp_path: Path) -> None:
    source = tmp_path / "test_sample.py"
    source.write_text(
        "def test_r_gem_3_a(): pass\n"
        "async def test_ec_05_b(): pass\n"
        "class TestX:\n"
        "    def test_r_gem_2_c(self): pass\n"
        "def helper_r_gem_1(): pass\n",
        encoding="utf-8",
    )
    names = [name for name, _ in collect_test_functions([source])]
    assert sorted(names) == ["test_ec_05_b", "test_r_gem_2_c", "test_r_gem_3_a"]
    assert uncovered(["R-GEM-1", "R-GEM-2", "R-GEM-3", "EC-05"], names) == ["R-GEM-1"]
