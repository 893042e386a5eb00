"""Bots with Idavoll: every God decision taken sensibly in a constructed position (RULES.md A.2), and whole
games at every level with Idavoll alone and with both expansions."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from positions import uline_meets_hrungnir

import nidlib
from nidlib import Action, State
from nidlib.core.actions import (
    Capture,
    ChooseOlrun,
    Frigg,
    KeepMyth,
    Odin,
    Pick,
    PlaceGullinbursti,
    Reserve,
    Swap,
    Thor,
)
from nidlib.core.cards import CLASSES
from nidlib.core.coins import Coin
from nidlib.core.tasks import (
    CaptureDue,
    DiscardDue,
    FreyaDue,
    GullinburstiDue,
    HrungnirDue,
    LokiDue,
    OdinDue,
    OlrunDue,
    PickDue,
    SkymirDue,
)
from nidlib.core.views import view_for
from nidlib.rules.engine import advance, decision, legal_actions
from nidlib.rules.scoring import position_values
from nidlib.tools.bots import (
    Bot,
    GreedyBot,
    RandomBot,
    StrongBot,
    card_gain,
    heuristic_bid,
    idavoll_choice,
)
from nidlib.tools.play import play_game

LOW = [["1M0", "1M0b", "1H1"], ["1M1b", "1B2", "1H2"], ["1M2", "1M2b", "1H3"]]


def position(taverns: list[list[str]] | None = None) -> State:
    """A 3-player Idavoll game at its first Bids, with the taverns replaced (their cards leave the decks)."""
    s = nidlib.new_game(3, seed=1, expansions=("idavoll",))
    if taverns is not None:
        for row in taverns:
            for c in row:
                for deck in (s.decks[1], s.decks[2]):
                    if c in deck:
                        deck.remove(c)
        s.taverns = [list(r) for r in taverns]
    return s


def own(s: State, i: int, *cards: str) -> None:
    s.players[i].command_zone.extend(cards)


def ask(s: State, task: object, *cards: str) -> State:
    """``s`` with ``cards`` in player 0's command zone and ``task`` waiting."""
    own(s, 0, *cards)
    s.tasks.append(task)  # type: ignore[arg-type]
    return s


def late(s: State) -> None:
    """The last round of Age II: an unused power will never pay again."""
    s.age, s.round = 2, 4


def greedy(s: State, seat: int = 0) -> tuple[Action, list[Action]]:
    view = view_for(s, seat)
    legal = legal_actions(view, seat)
    return GreedyBot(7).choose(view, legal), legal


def test_loki_reserves_the_card_worth_most_then_bids_elsewhere_X_ID_GOD_LOKI_1() -> None:
    s = position([["1M1", "1W9", "1E8"], ["freya", "odin", "brynhildr"], ["1E5", "1E7", "1B1"]])
    own(s, 0, "loki")
    s.tasks.append(LokiDue(0))
    a, legal = greedy(s)
    assert a in legal
    assert isinstance(a, Reserve)
    p = s.players[0]
    best = max((c for row in s.taverns for c in row), key=lambda c: card_gain(p, c))
    assert a.card == best
    advance(s, a)
    assert s.idavoll is not None
    assert s.idavoll.loki == best
    t = next(k for k, row in enumerate(s.taverns) if best in row)
    bid = heuristic_bid(view_for(s, 0), 0)
    assert bid.taverns[t] == min(bid.taverns), (
        "the reserved card is ours with any coin: the lowest goes there"
    )


def test_loki_waits_early_for_a_middling_card_and_uses_it_late_X_ID_GOD_LOKI_1() -> None:
    taverns = [[*LOW[0][:2], "1W9"], LOW[1], LOW[2]]
    early = position(taverns)
    own(early, 0, "loki")
    early.tasks.append(LokiDue(0))
    a, _ = greedy(early)
    assert a == Reserve(0, ""), "a 9-point warrior is not worth the once-per-game token in round 1"
    last = position(taverns)
    own(last, 0, "loki")
    late(last)
    last.tasks.append(LokiDue(0))
    a, _ = greedy(last)
    assert a == Reserve(0, "1W9"), "in the last round an unused token is worth nothing"


def test_loki_passes_when_every_card_is_poor_X_ID_GOD_LOKI_1() -> None:
    s = position(LOW)
    own(s, 0, "loki")
    s.tasks.append(LokiDue(0))
    assert greedy(s)[0] == Reserve(0, "")


def test_freya_splits_two_good_cards_of_one_tavern_for_the_best_bidder_X_ID_GOD_FREYA_1() -> None:
    s = position([["1W9", "1E11", "1M0"], LOW[1], LOW[2]])
    s.players[0].hand = [Coin.parse(x) for x in ("0", "7", "8", "9", "10")]  # wins every bid
    own(s, 0, "freya")
    s.tasks.append(FreyaDue(0))
    a, legal = greedy(s)
    assert a in legal
    assert isinstance(a, Swap)
    assert len({"1W9", "1E11"} & set(a.cards)) == 1, "one of the two good cards moves to another tavern"
    advance(s, a)
    assert not ({"1W9", "1E11"} <= set(s.taverns[0]))


def test_freya_passes_when_a_swap_changes_nothing_X_ID_GOD_FREYA_1() -> None:
    s = position(LOW)
    own(s, 0, "freya")
    s.tasks.append(FreyaDue(0))
    assert greedy(s)[0] == Swap(0, ("", ""))


def _pick_turn(taverns: list[list[str]]) -> State:
    s = position(taverns)
    own(s, 0, "frigg")
    s.tavern = 0
    s.tasks.append(PickDue(0))
    return s


def test_frigg_replaces_a_poor_tavern_and_not_a_good_one_X_ID_GOD_FRIGG_1() -> None:
    poor = _pick_turn(LOW)
    a, legal = greedy(poor)
    assert any(isinstance(x, Frigg) for x in legal)
    assert isinstance(a, Frigg), "the best of 3 from the deck beats a 0-point miner"
    rich = _pick_turn([["1W9", "1E11", "1B8"], LOW[1], LOW[2]])
    a, legal = greedy(rich)
    assert isinstance(a, Pick)
    assert a in legal


def _odin(give: str, display: list[str]) -> State:
    s = position(LOW)
    p = s.players[0]
    own(s, 0, "odin", give)
    p.heroes.append(give)
    s.heroes_available = [h for h in s.heroes_available if h != give and (h in display or h not in _NEUTRAL)]
    s.tasks.append(OdinDue(0))
    return s


_NEUTRAL = {"skaa", "astrid", "grid", "uline", "ylud", "thrud"} | {
    f"dwerg-{x}" for x in ("ymir", "aesir", "sigmir", "jungir", "bergelmir")
}


def test_odin_exchanges_for_a_better_neutral_hero_X_ID_GOD_ODIN_1() -> None:
    s = _odin("astrid", ["skaa"])  # Astrid is worth the highest coin (5 now), Skaa 17
    a, legal = greedy(s)
    assert a == Odin(0, "astrid", "skaa")
    assert a in legal
    before = position_values(s)[0]
    advance(s, a)
    assert position_values(s)[0] > before


def test_odin_keeps_the_token_for_an_even_exchange_X_ID_GOD_ODIN_1() -> None:
    s = _odin("dwerg-ymir", ["dwerg-aesir"])
    a, legal = greedy(s)
    assert len(legal) > 1
    assert a == Odin(0, "", "")


def _discard(column_cards: dict[int, list[str]]) -> State:
    s = position(LOW)
    own(s, 0, "thor")
    for ci, cards in column_cards.items():
        s.players[0].columns[ci].extend(cards)
    s.tasks.append(DiscardDue(0, 1, 4))  # Bonfur's discard: not the Blacksmith column
    return s


def test_thor_cancels_a_costly_discard_X_ID_GOD_THOR_1() -> None:
    s = _discard({0: ["1W9"]})
    a, legal = greedy(s)
    assert Thor(0) in legal
    assert a == Thor(0)


def test_thor_is_kept_for_a_cheap_discard_X_ID_GOD_THOR_1() -> None:
    s = _discard({3: ["1M0"]})
    a, legal = greedy(s)
    assert Thor(0) in legal
    assert a != Thor(0)
    assert a in legal


@pytest.mark.parametrize(
    ("giant", "card", "capture"),
    [("gymir", "1E11", True), ("surt", "1W9", False)],
    ids=["gymir-3x11-beats-the-explorer", "surt-5-coin-loses-to-a-9-warrior"],
)
def test_capture_or_place_compares_the_giant_with_the_dwarf_X_ID_8(
    giant: str, card: str, capture: bool
) -> None:
    s = position(LOW)
    own(s, 0, giant)
    s.tasks.append(CaptureDue(0, card))
    a, legal = greedy(s)
    assert a in legal
    assert a == Capture(0, capture)


def test_gullinbursti_goes_where_it_completes_a_line_X_ID_ANIMAL_HREASVELG_1() -> None:
    s = position(LOW)
    for ci, c in ((0, "1W9"), (1, "1H2"), (2, "1E8"), (4, "1B3")):
        s.players[0].columns[ci].append(c)
    s.tasks.append(GullinburstiDue(0))
    a, legal = greedy(s)
    assert a in legal
    assert a == PlaceGullinbursti(0, CLASSES[3])


def test_olrun_takes_the_class_most_seen_in_the_taverns_X_ID_VALK_OLRUN_1() -> None:
    s = position([["1H1", "1H2", "1M0"], ["1H3", "1B2", "1W3"], ["1E5", "1M2", "1H4"]])
    own(s, 0, "olrun")
    s.tasks.append(OlrunDue(0))
    a, legal = greedy(s)
    assert a in legal
    assert a == ChooseOlrun(0, CLASSES[1])


def test_skymir_keeps_the_two_cards_worth_most_X_ID_GIANT_SKYMIR_1() -> None:
    s = position(LOW)
    own(s, 0, "skymir")
    part = s.idavoll
    assert part is not None
    drawn = ["odin", "svafa", "freya", "gymir", "durathor"]
    for c in drawn:
        for pile in (part.deck, part.reserve):
            if c in pile:
                pile.remove(c)
        for row in s.taverns:
            assert c not in row
    part.drawn = drawn
    s.tasks.append(SkymirDue(0))
    a, legal = greedy(s)
    assert a in legal
    assert isinstance(a, KeepMyth)
    p = s.players[0]
    worth = sorted(drawn, key=lambda c: -card_gain(p, c))
    assert set(a.cards) == set(worth[:2])
    assert "odin" not in a.cards, "Odin's 0 points are worth less than Freya's 15"


def test_every_level_answers_every_constructed_decision_legally() -> None:
    builders: list[Callable[[], State]] = [
        lambda: ask(position(), LokiDue(0), "loki"),
        lambda: ask(position(), FreyaDue(0), "freya"),
        lambda: _pick_turn(LOW),
        lambda: _odin("dwerg-ymir", ["skaa", "grid"]),
        lambda: _discard({0: ["1W9"], 3: ["1M0"]}),
        lambda: ask(position(LOW), CaptureDue(0, "1E8"), "gymir"),
    ]
    for build in builders:
        bots: list[Bot] = [RandomBot(3), GreedyBot(3), StrongBot(3, budget=150, horizon=12)]
        for bot in bots:
            s = build()
            view = view_for(s, 0)
            legal = legal_actions(view, 0)
            a = bot.choose(view, legal)
            assert a in legal, (bot.name, a)
            advance(s, a)


def test_idavoll_choice_is_none_outside_idavoll_decisions() -> None:
    s = position()
    assert decision(s) is not None
    assert idavoll_choice(s, 0, legal_actions(s, 0)) is None


@pytest.mark.parametrize("expansions", [("idavoll",), ("thingvellir", "idavoll")], ids=["idavoll", "both"])
def test_whole_games_at_every_level(expansions: tuple[str, ...]) -> None:
    bots: list[Bot] = [RandomBot(1), GreedyBot(2), StrongBot(3, budget=100, horizon=10)]
    s, log = play_game(3, 11, bots, expansions=expansions)
    assert decision(s) is None
    kinds = {type(a).__name__ for a, _ in log if a is not None}
    assert {"Bid", "Pick"} <= kinds
    assert all(p.total >= 0 for p in nidlib.final_scores(s).players)


def _hrungnir_choice() -> State:
    """Player 0 (Uline) has just captured with Hrungnir: 4, 5b and a gold 6 in hand, no 5, 6 or 7 left."""
    s, _ = nidlib.apply(uline_meets_hrungnir(), nidlib.parse("p0:capture:yes"))
    assert isinstance(s.tasks[-1], HrungnirDue)
    return s


def _hand_total(s: State) -> int:
    return sum(c.value for c in s.players[0].hand)


def _best_hand_total(s: State) -> int:
    """The best total over every order of the hand coins (the engine asks while two coins differ)."""
    if not isinstance(s.tasks[-1], HrungnirDue):
        return _hand_total(s)
    return max(_best_hand_total(nidlib.apply(s, a)[0]) for a in legal_actions(s))


def test_hrungnir_greedy_orders_the_hand_coins_for_the_best_total_X_ID_GIANT_HRUNGNIR_3() -> None:
    s = _hrungnir_choice()
    totals = set()
    for first in legal_actions(s):
        after, _ = nidlib.apply(s, first)
        while isinstance(after.tasks[-1], HrungnirDue):
            after, _ = nidlib.apply(after, legal_actions(after)[0])
        totals.add(_hand_total(after))
    assert len(totals) > 1, "the order matters in this position"
    while isinstance(s.tasks[-1], HrungnirDue):
        a, legal = greedy(s)
        assert a in legal
        s, _ = nidlib.apply(s, a)
    assert _hand_total(s) == _best_hand_total(_hrungnir_choice()) == max(totals | {_hand_total(s)})


def test_hrungnir_every_level_answers_the_hand_order_legally() -> None:
    for bot in (RandomBot(3), GreedyBot(3), StrongBot(3, budget=150, horizon=12)):
        s = _hrungnir_choice()
        view = view_for(s, 0)
        legal = legal_actions(view, 0)
        assert bot.choose(view, legal) in legal, bot.name
