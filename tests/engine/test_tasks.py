"""The typed flow (nidlib.core.tasks): each task a frozen value, JSON arrays as in docs/state-schema.md."""

from __future__ import annotations

import json
import random

import pytest

import nidlib
from nidlib.core.serialize import state_to_dict
from nidlib.core.tasks import (
    AUTOMATIC,
    DECISIONS,
    TASK_CLASSES,
    AgeStart,
    BidsDue,
    BrisingamensEnd,
    CampClear,
    CampRefill,
    CaptureDue,
    CardDiscardDue,
    CoinTrade,
    DecisionKind,
    DiscardDue,
    EnlistDue,
    Enlistment,
    EnlistOrderDue,
    Evaluate,
    FinalScoring,
    FixOrder,
    FreyaDue,
    FriggDue,
    GodsStep,
    GullinburstiDue,
    HeroDue,
    HoldaDue,
    HrungnirDue,
    LokiDue,
    MjollnirDue,
    MjollnirStep,
    OdinDue,
    OdinStep,
    OlrunDue,
    OlwynDue,
    PickDue,
    PioneerDue,
    RecruitCheck,
    RevealTavern,
    RoundEnd,
    RoundStart,
    SkymirDue,
    TakeDue,
    Task,
    TavernDiscardDue,
    TavernEnd,
    ThrudDue,
    ThrudHome,
    TradeDiscardDue,
    TransformDue,
    UlineBidDue,
    UlineTradeDue,
    VidofnirDue,
    YludDue,
    YludStep,
    is_automatic,
    player_of,
    task_from_json,
    task_to_json,
)
from nidlib.rules.load import state_from_dict

#: one value of every task kind and its JSON array (docs/state-schema.md, "tasks")
EXAMPLES: list[tuple[Task, list[int | str]]] = [
    (AgeStart(2), ["age_start", 2]),
    (RoundStart(), ["round_start"]),
    (RevealTavern(1), ["tavern", 1]),
    (FixOrder(1), ["order", 1]),
    (RecruitCheck(2), ["recruit", 2]),
    (CoinTrade(0), ["trade", 0]),
    (TavernEnd(2), ["tavern_end", 2]),
    (RoundEnd(), ["round_end"]),
    (YludStep(1), ["ylud_step", 1]),
    (Evaluate(4), ["eval", 4]),
    (ThrudHome(), ["thrud_home"]),
    (FinalScoring(), ["final"]),
    (BidsDue(), ["bids"]),
    (UlineBidDue(1, 2), ["uline_bid", 1, 2]),
    (PickDue(0), ["pick", 0]),
    (HeroDue(1), ["hero", 1]),
    (ThrudDue(2), ["thrud", 2]),
    (YludDue(0, 2), ["ylud", 0, 2]),
    (TransformDue(1, 7, "grid"), ["transform", 1, 7, "grid"]),
    (DiscardDue(0, 2, 1), ["discard", 0, 2, 1]),
    (UlineTradeDue(2), ["uline_trade", 2]),
    (TradeDiscardDue(1), ["trade_discard", 1]),
    (TradeDiscardDue(1, ("h0", "h2")), ["trade_discard", 1, "h0", "h2"]),
    (PioneerDue(0), ["pioneer", 0]),
    # Thingvellir (X-TH-SEQ-1..3)
    (CampRefill(), ["camp_refill"]),
    (CampClear(), ["camp_clear"]),
    (Enlistment(1), ["enlistment", 1]),
    (BrisingamensEnd(), ["brisingamens_end"]),
    (MjollnirStep(), ["mjollnir_step"]),
    (TavernDiscardDue(1), ["tavern_discard", 1]),
    (EnlistOrderDue(2), ["enlist_order", 2]),
    (EnlistDue(0), ["enlist", 0]),
    (VidofnirDue(1), ["vidofnir", 1]),
    (TakeDue(0, "andumia"), ["take", 0, "andumia"]),
    (TakeDue(0, "brisingamens", "1W3"), ["take", 0, "brisingamens", "1W3"]),
    (CardDiscardDue(2, "hofud"), ["card_discard", 2, "hofud"]),
    (OlwynDue(1), ["olwyn", 1]),
    (HoldaDue(0), ["holda", 0]),
    (MjollnirDue(3), ["mjollnir", 3]),
    # Idavoll (X-ID-SEQ-1..3)
    (GodsStep(), ["gods"]),
    (OdinStep(1), ["odin_step", 1]),
    (LokiDue(0), ["loki", 0]),
    (FreyaDue(2), ["freya", 2]),
    (FriggDue(1), ["frigg", 1]),
    (OdinDue(0), ["odin", 0]),
    (CaptureDue(1, "1W9"), ["capture", 1, "1W9"]),
    (GullinburstiDue(2), ["gullinbursti", 2]),
    (OlrunDue(0), ["olrun", 0]),
    (SkymirDue(1), ["skymir", 1]),
    (HrungnirDue(0, "4,5b,6"), ["hrungnir", 0, "4,5b,6"]),
]


def test_every_task_kind_has_its_json_array_and_back() -> None:
    assert {type(t) for t, _ in EXAMPLES} == set(TASK_CLASSES.values())
    for task, array in EXAMPLES:
        assert task_to_json(task) == array
        assert json.loads(json.dumps(task_to_json(task))) == array
        assert task_from_json(array) == task


def test_tasks_are_frozen_values_compared_by_kind_and_fields() -> None:
    assert PickDue(1) == PickDue(1)
    other: object = RecruitCheck(1)
    assert PickDue(1) != other  # same fields, another kind
    assert len({PickDue(1), PickDue(1), HeroDue(1)}) == 2
    with pytest.raises(AttributeError):
        PickDue(1).player = 2  # type: ignore[misc]


def test_automatic_tasks_and_decisions_are_told_apart() -> None:
    for task, _ in EXAMPLES:
        assert is_automatic(task) == isinstance(task, AUTOMATIC)
        assert is_automatic(task) != isinstance(task, DECISIONS)
    # every decision task has its kind; PAUSED is no task: a position stopped before an automatic step
    assert {c.KIND for c in DECISIONS} == {k.value for k in DecisionKind} - {DecisionKind.PAUSED.value}
    assert player_of(TransformDue(2, 3, "offering")) == 2
    assert player_of(Evaluate(2)) is None  # a column, not a player


def test_r_flow_2_decision_kinds_are_an_enum_equal_to_their_text() -> None:
    s = nidlib.new_game(3, seed=4)
    d = nidlib.decision(s)
    assert d is not None
    assert d.kind is DecisionKind.BIDS
    text: str = d.kind
    assert text == "bids"
    assert json.dumps(d.kind) == '"bids"'
    with pytest.raises(ValueError, match="'bid' is not a valid DecisionKind"):
        DecisionKind("bid")  # a typo is an error, not a silent mismatch


def test_every_task_stack_of_random_games_saves_as_arrays_and_loads_as_typed_values() -> None:
    rng = random.Random(10)
    for players in (2, 3, 4, 5):
        s = nidlib.new_game(players, seed=players)
        while not s.is_over:
            doc = state_to_dict(s)
            assert all(isinstance(a, list) and isinstance(a[0], str) for a in doc["tasks"])
            loaded = state_from_dict(json.loads(json.dumps(doc)))
            assert loaded.tasks == s.tasks
            assert all(type(t) in TASK_CLASSES.values() for t in loaded.tasks)
            s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
