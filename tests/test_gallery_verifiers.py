"""The gallery's one verifier can fail: on a wrong expected outcome, on a wrong engine outcome, on bad data.

Each ruling (``nidlib/content/rulings/<id>.json``) states its expected outcome as data: checks on
the positions reached, the events, the legal actions and the scores, and the rule that refuses each
of its illegal actions. ``gallery.failures(case, outcome)`` is the one verifier. A verifier that
accepted anything would make the gallery tests pass whatever the engine does, so:

* **wrong expected outcomes**: for every ruling and every one of its expected facts, the same ruling
  with that fact deliberately wrong (another value, ``has`` turned into ``lacks``, the events in the
  opposite order, another count, another refusing rule) is rejected, and the failure names the fact;
* **wrong engine outcomes** of the same shape (same actions, same number of steps and refusals), as a
  broken engine would produce them, are rejected too:

  - ``last step ignored``: the ruling's last action changed nothing (its position and events are
    those of the step before);
  - ``nothing happened``: none of the ruling's actions changed anything;
  - ``illegal actions accepted`` (rulings with actions that must be refused): the engine accepted them;
  - ``refused for another reason``: the engine refused them, but for a malformed action (R-FLOW-2)
    instead of the rule the ruling is about;

* **bad data** is refused when loading, with a :class:`DocumentError` naming the field.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest

from nidlib.content import gallery
from nidlib.content.gallery import GALLERY, Check, EdgeCase, Json, Outcome, Refusal
from nidlib.core.errors import DocumentError, Violation

Perturbation = Callable[[Outcome], Outcome]


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    return {case.id: gallery.run(case) for case in GALLERY}


def test_the_gallery_holds_every_ruling_as_data() -> None:
    files = [e.name for e in resources.files("nidlib.content").joinpath("rulings").iterdir()]
    assert len([c for c in GALLERY if not c.id.startswith("EC-X")]) == 43
    assert sorted(f.removesuffix(".json") for f in files if f.endswith(".json")) == [c.id for c in GALLERY]
    assert all(case.actions and case.expect for case in GALLERY)


# --- wrong expected outcomes ---------------------------------------------------------------------


def _other(v: Json) -> Json:
    """A JSON value that differs from ``v``."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 1
    if isinstance(v, str):
        return v + "?"
    if isinstance(v, list):
        return [*v, v[-1]] if v else ["?"]
    if isinstance(v, dict):
        return {**v, "?": 0}
    return "?"


def wrong(check: Check) -> Check:
    """The same fact, deliberately wrong."""
    if check.op == "has":
        return replace(check, op="lacks")
    if check.op == "lacks":
        return replace(check, op="has")
    if check.op == "in_order":
        assert isinstance(check.value, list)
        return replace(check, value=check.value[::-1])
    if check.op == "count":
        assert isinstance(check.value, dict)
        return replace(check, value={k: _other(n) for k, n in check.value.items()})
    if check.op == "at_least":
        assert isinstance(check.value, int)
        return replace(check, value=check.value + 1000)
    return replace(check, value=_other(check.value))


FACTS = [(case.id, "expect", k) for case in GALLERY for k in range(len(case.expect))] + [
    (case.id, "illegal", k) for case in GALLERY for k in range(len(case.refusals))
]


@pytest.mark.parametrize(("ec", "part", "k"), FACTS, ids=[f"{ec}-{part}[{k}]" for ec, part, k in FACTS])
def test_a_wrong_expected_fact_fails_the_ruling(
    ec: str, part: str, k: int, outcomes: dict[str, Outcome]
) -> None:
    case = gallery.get(ec)
    outcome = outcomes[ec]
    assert gallery.failures(case, outcome) == []
    if part == "expect":
        bad = wrong(case.expect[k])
        broken = replace(case, expect=(*case.expect[:k], bad, *case.expect[k + 1 :]))
        named = bad.path
    else:
        r = case.refusals[k]
        broken = replace(
            case, refusals=(*case.refusals[:k], Refusal(r.action, "R-FLOW-2"), *case.refusals[k + 1 :])
        )
        named = r.action
    assert broken.verify(outcome) is False
    problems = gallery.failures(broken, outcome)
    assert len(problems) == 1
    assert named in problems[0]


def test_every_ruling_has_a_fact_shown_failing() -> None:
    assert {ec for ec, _, _ in FACTS} == {c.id for c in GALLERY}


# --- wrong engine outcomes -----------------------------------------------------------------------


def last_step_ignored(o: Outcome) -> Outcome:
    states = [*o.states[:-1], o.states[-2] if len(o.states) > 1 else o.start]
    events = [*o.events[:-1], []]
    return Outcome(o.start, list(o.start_events), list(o.actions), states, events, list(o.refusals))


def nothing_happened(o: Outcome) -> Outcome:
    states = [o.start for _ in o.states]
    return Outcome(o.start, list(o.start_events), list(o.actions), states, [[] for _ in o.events], [])


def illegal_actions_accepted(o: Outcome) -> Outcome:
    return Outcome(
        o.start,
        list(o.start_events),
        list(o.actions),
        list(o.states),
        list(o.events),
        [None] * len(o.refusals),
    )


def refused_for_another_reason(o: Outcome) -> Outcome:
    malformed = Violation("R-FLOW-2", "err.malformed", {"action": "?"})
    return Outcome(
        o.start,
        list(o.start_events),
        list(o.actions),
        list(o.states),
        list(o.events),
        [malformed] * len(o.refusals),
    )


def perturbations(case: EdgeCase) -> list[tuple[str, Perturbation]]:
    out: list[tuple[str, Perturbation]] = [
        ("last step ignored", last_step_ignored),
        ("nothing happened", nothing_happened),
    ]
    if case.illegal:
        out += [
            ("illegal actions accepted", illegal_actions_accepted),
            ("refused for another reason", refused_for_another_reason),
        ]
    return out


@pytest.mark.parametrize("case", GALLERY, ids=lambda case: case.id)
def test_verifier_accepts_the_engine_outcome_and_rejects_wrong_ones(
    case: EdgeCase, outcomes: dict[str, Outcome]
) -> None:
    outcome = outcomes[case.id]
    assert case.verify(outcome) is True
    for name, perturb in perturbations(case):
        wrong_outcome = perturb(outcome)
        assert len(wrong_outcome.states) == len(outcome.states)  # the same shape: only what happened differs
        assert case.verify(wrong_outcome) is False, f"{case.id}: the verifier accepts an outcome where {name}"


def test_a_verifier_that_accepts_anything_is_caught(outcomes: dict[str, Outcome]) -> None:
    """The check above is not vacuous: a ruling that expects nothing passes every outcome, and fails it."""
    lax = replace(gallery.get("EC-09"), expect=())
    with pytest.raises(AssertionError, match="accepts an outcome where last step ignored"):
        test_verifier_accepts_the_engine_outcome_and_rejects_wrong_ones(lax, outcomes)


# --- the verifier's vocabulary -------------------------------------------------------------------


def test_paths_read_the_state_document_and_the_derived_values(outcomes: dict[str, Outcome]) -> None:
    o = outcomes["EC-41"]
    s = o.final
    assert gallery.value_at(o, s, "players.*.name") == ["Ana", "Bo"]
    assert gallery.value_at(o, s, "players.0.army.hunter.-1") == "ylud"
    assert gallery.value_at(o, s, "over") is True
    assert gallery.value_at(o, s, "decision") is None
    assert gallery.value_at(o, s, "scores.1.warrior_bonus") == 5
    assert gallery.value_at(o, o.start, "ranks.0.warrior") == 2
    assert gallery.value_at(o, s, "events") == o.keys() != []
    with pytest.raises(LookupError, match="no 'pouch' here"):
        gallery.value_at(o, s, "players.0.pouch")


def test_a_path_that_leads_nowhere_is_a_failure_not_an_error(outcomes: dict[str, Outcome]) -> None:
    case = gallery.get("EC-01")
    broken = replace(case, expect=(Check("players.7.gem", "is", 1),))
    assert gallery.failures(broken, outcomes["EC-01"]) == [
        '{"path": "players.7.gem", "is": 1}: players.7.gem: no \'7\' here'
    ]


# --- bad data --------------------------------------------------------------------------------------


def document(ec: str) -> dict[str, Any]:
    text = resources.files("nidlib.content").joinpath("rulings", f"{ec}.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_every_document_loads_back_to_its_ruling() -> None:
    for case in GALLERY:
        assert gallery.ruling_from_dict(document(case.id), case.id) == case


def _drop(d: dict[str, Any], key: str) -> None:
    del d[key]


BAD: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("missing field", lambda d: _drop(d, "expect"), "EC-13.expect: missing"),
    ("unknown field", lambda d: d.update(answer=1), "EC-13.answer: unknown field"),
    (
        "rule not in RULES.md",
        lambda d: d["rules"].append("R-HERO-LOKDUR-2"),
        "EC-13.rules[1]: R-HERO-LOKDUR-2",
    ),
    (
        "refusing rule unknown",
        lambda d: d["illegal"][0].update(refused="R-XFORM-9"),
        "EC-13.illegal[0].refused",
    ),
    ("no such message", lambda d: d.update(question="gallery.EC-99.question"), "EC-13.question"),
    ("no actions", lambda d: d.update(actions=[]), "EC-13.actions: must hold"),
    ("nothing expected", lambda d: d.update(expect=[]), "EC-13.expect: must state"),
    ("two comparisons", lambda d: d["expect"][0].update(has="x"), "EC-13.expect[0]: must have exactly one"),
    ("unknown path", lambda d: d["expect"][1].update(path="legals"), "EC-13.expect[1].path"),
    ("step out of range", lambda d: d["expect"][0].update(at=5), "EC-13.expect[0].at"),
    ("fractions", lambda d: d["expect"][0].update(path="tavern", **{"is": 0.5}), "EC-13.expect[0].is"),
    (
        "coin of no kind",
        lambda d: d["position"]["players"][0]["bid"]["pouch"].__setitem__(1, True),
        "pouch[1]",
    ),
    ("four tavern bids", lambda d: d["position"]["players"][1]["bid"]["taverns"].append(2), "taverns: must"),
    ("bad step", lambda d: d["position"].update(step="tavern 3"), "EC-13.position.step"),
    ("bad column", lambda d: d["position"]["players"][0].update(army={"archer": [3]}), "army.archer"),
    ("bad gem", lambda d: d["position"]["players"][2].update(gem=7), "EC-13.position.players[2].gem"),
    ("one player", lambda d: d["position"].update(players=[{}]), "EC-13.position.players: must"),
]


@pytest.mark.parametrize(("change", "where"), [(c, w) for _, c, w in BAD], ids=[n for n, _, _ in BAD])
def test_a_malformed_ruling_is_refused_naming_the_field(
    change: Callable[[dict[str, Any]], object], where: str
) -> None:
    doc = copy.deepcopy(document("EC-13"))
    change(doc)
    with pytest.raises(DocumentError) as err:
        gallery.ruling_from_dict(doc, "EC-13")
    assert where in str(err.value)


def test_a_ruling_stored_under_another_name_is_refused() -> None:
    with pytest.raises(DocumentError, match=r"^EC-14\.id: EC-13 is stored in EC-14\.json"):
        gallery.ruling_from_dict(document("EC-13"), "EC-14")


def test_a_coin_the_scenario_cannot_read_names_the_ruling() -> None:
    doc = document("EC-13")
    doc["position"]["players"][0]["bid"]["pouch"][1] = "3x"
    case = gallery.ruling_from_dict(doc, "EC-13")
    with pytest.raises(DocumentError, match=r"^EC-13\.position: .*'3x'") as err:
        case.build()
    assert err.value.path == "EC-13.position"


def test_a_position_that_cannot_be_built_names_the_ruling() -> None:
    doc = document("EC-01")
    doc["position"]["taverns"][0][0] = "W42"
    case = gallery.ruling_from_dict(doc, "EC-01")
    with pytest.raises(DocumentError, match=r"^EC-01\.position: .*42") as err:
        case.build()
    assert err.value.path == "EC-01.position"
