"""Each gallery ruling's verifier can fail: it rejects an outcome that is not the ruling's.

``gallery.run(case)`` plays a ruling and ``case.verify(outcome)`` checks the stated outcome on what the
engine did. A verifier that accepted anything would make the gallery tests pass whatever the engine
does, so each verifier is also shown wrong outcomes of the same shape (same actions, same number of
steps and refusals), as a broken engine would produce them, and must answer ``False`` (not raise):

* ``last step ignored``: the ruling's last action changed nothing (its position and events are those
  of the step before);
* ``nothing happened``: none of the ruling's actions changed anything;
* ``illegal actions accepted`` (rulings with actions that must be refused): the engine accepted them;
* ``refused for another reason``: the engine refused them, but for a malformed action (R-FLOW-2)
  instead of the rule the ruling is about.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from nidlib.content import gallery
from nidlib.content.gallery import GALLERY, EdgeCase, Outcome
from nidlib.core.errors import Violation

Perturbation = Callable[[Outcome], Outcome]


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


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    return {case.id: gallery.run(case) for case in GALLERY}


def test_every_ruling_has_actions_to_perturb() -> None:
    assert len(GALLERY) == 43
    assert all(case.actions for case in GALLERY)


@pytest.mark.parametrize("case", GALLERY, ids=lambda case: case.id)
def test_verifier_accepts_the_engine_outcome_and_rejects_wrong_ones(
    case: EdgeCase, outcomes: dict[str, Outcome]
) -> None:
    outcome = outcomes[case.id]
    assert case.verify(outcome) is True
    for name, perturb in perturbations(case):
        wrong = perturb(outcome)
        assert len(wrong.states) == len(outcome.states)  # the same shape: only what happened differs
        assert case.verify(wrong) is False, f"{case.id}: the verifier accepts an outcome where {name}"


def test_a_verifier_that_accepts_anything_is_caught(outcomes: dict[str, Outcome]) -> None:
    """The check above is not vacuous: a lax verifier (``lambda o: True``) fails it."""
    case = gallery.get("EC-09")
    lax = EdgeCase(case.id, case.rules, case.build, lambda _o: True, case.actions, case.illegal)
    with pytest.raises(AssertionError, match="accepts an outcome where last step ignored"):
        test_verifier_accepts_the_engine_outcome_and_rejects_wrong_ones(lax, outcomes)
