"""Idavoll rules, one test per rule or edge case of RULES.md A.2 and A.4.4 (X-ID-*, EC-X37..EC-X56).

Positions are reached by playing a seeded Idavoll game to a decision, then (where a test needs a card
somewhere else) by moving cards the way the rules could have: every position keeps the loader's
conservation checks (``read_state``), which ``_valid`` asserts.
"""

from __future__ import annotations

import functools
import json
import operator
import random

import pytest
from enginekit import assert_illegal, by_rule, play
from positions import uline_meets_hrungnir

import nidlib
from nidlib import State
from nidlib.core.actions import HrungnirCoin
from nidlib.core.cards import GIANTS, MYTH_DECK_SIZE, MYTHOLOGY_IDS, VALKYRIES, CardKind, card
from nidlib.core.coins import Coin, CoinKind
from nidlib.core.errors import DocumentError
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.core.tasks import (
    CaptureDue,
    DiscardDue,
    FreyaDue,
    FriggDue,
    HeroDue,
    HrungnirDue,
    LokiDue,
    OdinDue,
    PickDue,
)
from nidlib.core.views import view_for
from nidlib.rules.legal import legal_actions
from nidlib.rules.scoring import animal_bonus, mythology_terms, zero_miner_ranks

ID = ("idavoll",)
BOTH = ("thingvellir", "idavoll")


def idv(players: int = 3, seed: int = 5, expansions: tuple[str, ...] = ID) -> State:
    return nidlib.new_game(players, seed=seed, expansions=expansions)


def _valid(s: State) -> State:
    assert read_state(state_to_dict(s)) == s
    return s


def _pull(s: State, cid: str) -> list[str]:
    """The pile ``cid`` lies in (Age decks, taverns, Mythology deck/reserve), with ``cid`` removed."""
    part = s.idavoll
    assert part is not None
    for pile in (s.decks[1], s.decks[2], *s.taverns, part.deck, part.reserve):
        if cid in pile:
            pile.remove(cid)
            return pile
    raise AssertionError(f"{cid} is in no deck, tavern or Mythology pile")


def give(s: State, i: int, *cids: str) -> State:
    """Player ``i`` owns Mythology card ``cid`` (command zone; an Animal in its column)."""
    for cid in cids:
        _pull(s, cid)
        c = card(cid)
        if c.kind is CardKind.ANIMAL:
            assert c.cls is not None
            s.players[i].column(c.cls).append(cid)
        else:
            s.players[i].command_zone.append(cid)
    return s


def put_in_tavern(s: State, t: int, cid: str) -> State:
    """``cid`` replaces the last card of tavern ``t``, which goes where ``cid`` came from."""
    pile = _pull(s, cid)
    out = s.taverns[t].pop()
    part = s.idavoll
    assert part is not None
    if card(out).age and pile in (part.deck, part.reserve):
        pile = s.decks[card(out).age]  # a dwarf goes back to its Age deck, a Mythology card to its pile
    elif not card(out).age and pile not in (part.deck, part.reserve):
        pile = part.deck
    pile.append(out)
    s.taverns[t].append(cid)
    return s


def bids(s: State, *texts: str) -> State:
    """Everybody bids (Goblin, Dragon, Horse / pouch), after any God decision passes."""
    while nidlib.decision(s).kind in ("loki", "freya"):  # type: ignore[union-attr]
        s = play(s, legal_actions(s)[0])[0]  # the first legal action is "pass"
    return play(s, *[f"p{i}:bid:{t}" for i, t in enumerate(texts)])[0]


# Ana (gem 3? seed 5) bids highest in the Goblin; the order is checked where it matters
B3 = ("5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2")


def at_goblin(s: State) -> State:
    s = bids(s, *B3)
    top = s.tasks[-1]
    assert isinstance(top, PickDue)
    return s


# --- set-up and the round structure (X-ID-2, X-ID-3, X-ID-4) ----------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_x_id_2_the_mythology_deck_and_reserve_come_from_the_seed(players: int) -> None:
    s = idv(players)
    part = s.idavoll
    assert part is not None
    size = MYTH_DECK_SIZE[players]
    dealt = size - len(s.taverns[1])  # the Dancing Dragon of round 1 is already filled from the deck
    assert len(part.deck) == dealt
    assert len(part.reserve) == 20 - size
    assert sorted(part.deck + part.reserve + s.taverns[1]) == sorted(MYTHOLOGY_IDS)
    assert all(c in MYTHOLOGY_IDS for c in s.taverns[1])  # X-ID-3: round 1's Dancing Dragon
    assert idv(players).idavoll == part  # deterministic
    assert idv(players, seed=6).idavoll != part
    doc = state_to_dict(s)
    assert doc["options"]["expansions"] == ["idavoll"]
    assert "idavoll" in doc
    assert "camp" not in doc
    assert "idavoll" not in state_to_dict(nidlib.new_game(players, seed=5))


@pytest.mark.parametrize(("players", "age1"), [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_x_id_3_ec_x38_age_one_has_one_more_round_and_the_dragon_holds_mythology(
    players: int, age1: int
) -> None:
    s = idv(players, seed=11)
    rng = random.Random(players)
    rounds = {1: 0, 2: 0}
    dragon_myth: dict[int, bool] = {}
    discarded_myth = False
    while not s.is_over:
        key = (s.age, s.round)
        if s.tavern == -1 and s.round and key[0] == 1:
            dragon_myth.setdefault(
                s.round,
                all(card(c).kind.value in ("animal", "god", "giant", "valkyrie") for c in s.taverns[1]),
            )
        rounds[s.age] = max(rounds[s.age], s.round)
        s, _ = nidlib.apply(s, rng.choice(legal_actions(s)))
        discarded_myth |= any(c in MYTHOLOGY_IDS for c in s.discard)
    assert rounds == {1: age1, 2: 4 if players <= 3 else 3}
    assert [r for r, myth in sorted(dragon_myth.items()) if myth] == [1, 2, 3]
    assert not discarded_myth  # X-ID-4: never the discard pile
    part = s.idavoll
    assert part is not None
    assert not part.deck


def test_x_id_4_ec_x37_an_unpicked_mythology_card_leaves_the_game() -> None:
    s = idv(2, seed=3)
    s = bids(s, "5b,0,2/3,4", "4,2,0/3,5b")
    while s.tavern < 1 or (isinstance(s.tasks[-1], PickDue) and s.tavern == 1):
        if s.tavern == 1 and isinstance(s.tasks[-1], PickDue):
            dragon = list(s.taverns[1])
        s = play(s, legal_actions(s)[0])[0]
        if s.tavern == 2:
            break
    part = s.idavoll
    assert part is not None
    left = [
        c
        for c in dragon
        if all(
            c not in p.command_zone and c not in functools.reduce(operator.iadd, p.columns, [])
            for p in s.players
        )
    ]
    assert len(left) == 1  # 3 cards, 2 players
    assert left[0] in part.removed
    assert left[0] not in s.discard


# --- where Mythology cards go (X-ID-5) ------------------------------------------------------------


def test_x_id_5_an_animal_goes_to_its_column_a_god_to_the_command_zone() -> None:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    s = put_in_tavern(s, 0, "nidhogg")
    s = _valid(s)
    s, ev = play(s, f"p{i}:pick:nidhogg")
    assert "nidhogg" in s.players[i].columns[0]
    assert by_rule(ev, "X-ID-5")
    s2 = put_in_tavern(at_goblin(idv()), 0, "freya")
    s2, _ = play(s2, f"p{i}:pick:freya")
    assert "freya" in s2.players[i].command_zone
    _valid(s2)


# --- Giants (X-ID-8, EC-X39, EC-X41, EC-X42) -----------------------------------------------------------


def _giant_waits(giant: str, dwarf: str) -> tuple[State, int]:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, giant)
    put_in_tavern(s, 0, dwarf)
    return _valid(s), i


def test_x_id_8_ec_x39_surt_captures_the_warrior_or_turns_face_down() -> None:
    s, i = _giant_waits("surt", "1W9")
    s, _ev = play(s, f"p{i}:pick:1W9")
    assert isinstance(s.tasks[-1], CaptureDue)
    _valid(s)  # the dwarf waits in its task: still accounted for
    taken, _ = play(s, f"p{i}:capture:yes")
    part = taken.idavoll
    assert part is not None
    assert part.captured[[g.id for g in GIANTS].index("surt")] == "1W9"
    assert "1W9" not in taken.players[i].columns[0]  # no rank, no bravery points
    placed, ev2 = play(s, f"p{i}:capture:no")
    assert "1W9" in placed.players[i].columns[0]
    assert placed.idavoll is not None
    assert placed.idavoll.captured[3] == "-"
    assert by_rule(ev2, "X-ID-8")
    # a face-down Giant waits no more: the next warrior goes straight to the army
    assert nidlib.rules.idavoll.pending_giant(placed, i, 0) is None


def test_x_id_giant_3_only_a_dwarf_of_its_class_wakes_a_giant() -> None:
    s, i = _giant_waits("surt", "1E7")
    s, _ = play(s, f"p{i}:pick:1E7")
    assert not isinstance(s.tasks[-1], CaptureDue)


def test_x_id_giant_hrungnir_1_ec_x41_two_more_on_each_coin_but_the_trading_ones() -> None:
    s, i = _giant_waits("hrungnir", "1M1")
    before = list(s.players[i].slots)
    s, ev = play(s, f"p{i}:pick:1M1", f"p{i}:capture:yes")
    after = s.players[i].slots
    for old, new in zip(before, after, strict=True):
        assert old is not None
        assert new is not None
        if old.is_trading:
            assert new == old
        else:
            assert new.value >= old.value + 2
    assert by_rule(ev, "R-XFORM-1")
    _valid(s)


def test_x_id_giant_hrungnir_3_uline_owner_chooses_the_order_of_the_hand_coins() -> None:
    s, _ = play(uline_meets_hrungnir(), "p0:capture:yes")
    p = s.players[0]
    assert str(p.slots[0]) == "7"  # the board first (X-ID-GIANT-HRUNGNIR-1): the laid 2 took the only 7
    d = nidlib.decision(s)
    assert d is not None
    assert (d.kind, d.players) == ("hrungnir", (0,))
    assert [str(a) for a in legal_actions(s)] == ["p0:hrungnir:4", "p0:hrungnir:5b", "p0:hrungnir:6"]
    _valid(s)  # the pending choice is a document like any other
    assert read_state(state_to_dict(s)).tasks[-1] == HrungnirDue(0, "4,5b,6")
    assert_illegal(s, "p0:hrungnir:3", "X-ID-GIANT-HRUNGNIR-3")  # no 3 in hand
    assert_illegal(s, "p0:hrungnir:0", "X-ID-GIANT-HRUNGNIR-3")  # a trading coin is never transformed
    assert_illegal(s, "p1:hrungnir:4", "X-ID-GIANT-HRUNGNIR-3")  # not Bo's choice
    # the order matters when the Treasury runs short (R-TREAS-1): the gold 6 first gives its 6 back
    # for the 4; the 4 first leaves nothing under 8
    six_first, ev1 = play(s, "p0:hrungnir:6")
    assert [str(a) for a in legal_actions(six_first)] == ["p0:hrungnir:4", "p0:hrungnir:5b"]
    six_first, ev2 = play(six_first, "p0:hrungnir:4")  # the last coin follows by itself
    four_first, _ = play(s, "p0:hrungnir:4", "p0:hrungnir:6")
    assert sorted(str(c) for c in six_first.players[0].hand) == ["0", "6", "8", "8"]
    assert sorted(str(c) for c in four_first.players[0].hand) == ["0", "8", "8", "9"]
    assert nidlib.decision(six_first).kind == "uline_bid"  # type: ignore[union-attr]
    assert len(by_rule(ev1 + ev2, "X-ID-GIANT-HRUNGNIR-3")) == 2
    assert len(by_rule(ev1 + ev2, "R-XFORM-1")) == 3
    _valid(six_first)
    _valid(four_first)


def test_x_id_giant_hrungnir_3_the_loader_checks_a_pending_hand_order() -> None:
    doc = state_to_dict(play(uline_meets_hrungnir(), "p0:capture:yes")[0])
    for coins, message in [
        ("4,4", "two different coins"),
        ("0,4", "no trading coin"),
        ("4,7b", "is not a coin"),
        ("4,9", "holds no coin 9"),
    ]:
        bad = json.loads(json.dumps(doc))
        bad["tasks"][-1] = ["hrungnir", 0, coins]
        with pytest.raises(DocumentError, match=message) as info:
            read_state(bad)
        assert info.value.path.startswith("tasks[")
    bad = json.loads(json.dumps(doc))
    bad["tasks"][-1] = ["hrungnir", 1, "4,5b"]  # player 1 has no Uline
    with pytest.raises(DocumentError, match="Uline's owner"):
        read_state(bad)


def test_x_id_giant_hrungnir_3_the_action_text_round_trips() -> None:
    a = nidlib.parse("p0:hrungnir:5b")
    assert a == HrungnirCoin(0, Coin(5, CoinKind.BASIC))
    assert str(a) == "p0:hrungnir:5b"
    with pytest.raises(nidlib.InvalidActionError, match="hand coin"):
        nidlib.parse("p0:hrungnir:4,5b")


def test_x_id_giant_thrivaldi_1_ec_x42_a_free_hero_and_the_golden_rule_shifts() -> None:
    s, i = _giant_waits("thrivaldi", "1B1")
    p = s.players[i]
    assert not p.heroes
    s, _ = play(s, f"p{i}:pick:1B1", f"p{i}:capture:yes")
    assert isinstance(s.tasks[-1], HeroDue)  # regardless of lines (L = 0, H = 0)
    s, _ = play(s, f"p{i}:hero:skaa")
    assert nidlib.rules.base.heroes_for_lines(s, s.players[i]) == 0  # Skaa is free for the golden rule


def test_x_id_giant_skymir_1_ec_x43_five_players_draw_the_whole_reserve() -> None:
    s = idv(5, seed=2)
    s = bids(s, "5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2", "2,3,4/0,5b", "0,5b,4/2,3")
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, "skymir")
    put_in_tavern(s, 0, "1H1")
    part = s.idavoll
    assert part is not None
    reserve = list(part.reserve)
    assert len(reserve) == 5
    s, _ = play(s, f"p{i}:pick:1H1", f"p{i}:capture:yes")
    assert nidlib.decision(s).kind == "skymir"  # type: ignore[union-attr]
    assert sorted(s.idavoll.drawn) == sorted(reserve)  # type: ignore[union-attr]
    assert s.idavoll.drawn not in (view_for(s, (i + 1) % 5).idavoll.drawn,)  # type: ignore[union-attr]
    keep = [c for c in reserve if card(c).kind is not CardKind.VALKYRIE or c != "olrun"][:2]
    s, _ = play(s, f"p{i}:skymir:{','.join(keep)}")
    assert len(s.idavoll.reserve) == 3  # type: ignore[union-attr]
    for c in keep:
        assert c in s.players[i].command_zone or any(c in col for col in s.players[i].columns)
    _valid(s)


# --- Gods (X-ID-GOD-*) ------------------------------------------------------------------------------


def _owner_at_round_start(god: str, players: int = 3) -> tuple[State, int]:
    """``god`` owned by player 0 from the start, checked at the next Enter the Dwarves."""
    s = idv(players)
    give(s, 0, god)
    # replay Enter the Dwarves: the God's decision comes before the bids
    s.tasks.pop()  # BidsDue
    s.tasks.append(nidlib.core.tasks.BidsDue())
    s.tasks.append(nidlib.core.tasks.GodsStep())
    nidlib.rules.flow._run(s, None)
    return _valid(s), 0


def test_x_id_god_loki_1_ec_x52_the_reserved_card_is_the_owners_until_it_lapses() -> None:
    s, _i = _owner_at_round_start("loki")
    assert isinstance(s.tasks[-1], LokiDue)
    target = s.taverns[0][0]
    s, ev = play(s, f"p0:loki:{target}")
    assert s.idavoll is not None
    assert s.idavoll.loki == target
    assert by_rule(ev, "X-ID-GOD-LOKI-1")
    s = play(s, *[f"p{k}:bid:{t}" for k, t in enumerate(("4,0,2/3,5b", "5b,0,2/3,4", "0,2,3/4,5b"))])[0]
    # Bo picks first in the Goblin and may not take Loki's card
    assert s.tasks[-1] == PickDue(1)
    assert_illegal(s, f"p1:pick:{target}", "X-ID-GOD-LOKI-1")
    assert nidlib.parse(f"p1:pick:{target}") not in legal_actions(s)
    other = next(c for c in s.taverns[0] if c != target)
    s, _ = play(s, f"p1:pick:{other}")
    # then Ana (Loki's owner) takes another card: the reservation lapses for the next player
    while s.tasks[-1] != PickDue(0):
        s = play(s, legal_actions(s)[0])[0]
    second = next(c for c in s.taverns[0] if c != target)
    s, ev = play(s, f"p0:pick:{second}")
    assert s.idavoll is not None
    assert s.idavoll.loki == ""
    assert by_rule(ev, "X-ID-GOD-LOKI-3")
    while s.tasks[-1] != PickDue(2):
        s = play(s, legal_actions(s)[0])[0]
    assert nidlib.parse(f"p2:pick:{target}") in legal_actions(s)


def test_x_id_god_freya_2_ec_x53_freya_cannot_move_lokis_card() -> None:
    s = idv()
    give(s, 0, "loki")
    give(s, 1, "freya")
    s.tasks.pop()
    s.tasks += [nidlib.core.tasks.BidsDue(), nidlib.core.tasks.GodsStep()]
    nidlib.rules.flow._run(s, None)
    assert isinstance(s.tasks[-1], LokiDue)
    target = s.taverns[0][0]
    s, _ = play(s, f"p0:loki:{target}")
    assert isinstance(s.tasks[-1], FreyaDue)
    other = s.taverns[2][0]
    assert_illegal(s, f"p1:freya:{target},{other}", "X-ID-GOD-FREYA-2")
    moved = s.taverns[0][1]
    s, ev = play(s, f"p1:freya:{moved},{other}")
    assert moved in s.taverns[2]
    assert other in s.taverns[0]
    assert by_rule(ev, "X-ID-GOD-FREYA-1")


def test_x_id_god_frigg_1_keep_one_of_three_the_deck_keeps_its_size() -> None:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, "frigg")
    size = len(s.decks[1])
    replaced = next(c for c in s.taverns[0] if card(c).kind is CardKind.DWARF)
    s, _ev = play(s, f"p{i}:frigg:{replaced}")
    assert isinstance(s.tasks[-1], FriggDue)
    part = s.idavoll
    assert part is not None
    assert len(part.drawn) == 3
    assert view_for(s, (i + 1) % 3).idavoll.drawn == []  # type: ignore[union-attr]
    keep, *under = part.drawn
    s, _ = play(s, f"p{i}:frigg-keep:{keep}/{','.join(under)}")
    assert len(s.decks[1]) == size  # +1 -3 +2 (X-ID-GOD-FRIGG-3)
    # the bottom of the deck, bottom first: the two cards put back (in the order given), then the replaced one
    assert s.decks[1][:3] == [*under, replaced]
    assert "frigg" in s.idavoll.used  # type: ignore[union-attr]
    # once per game: the power is gone
    assert not nidlib.rules.idavoll.power_ready(s, i, "frigg")


def test_x_id_god_frigg_2_ec_x54_not_in_the_last_round_of_an_age() -> None:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, "frigg")
    s.decks[2].extend(s.decks[1])  # the Age I deck is empty: the last round
    s.decks[1] = []
    target = next(c for c in s.taverns[0] if card(c).kind is CardKind.DWARF)
    assert_illegal(s, f"p{i}:frigg:{target}", "X-ID-GOD-FRIGG-2")
    assert not any(isinstance(a, nidlib.core.actions.Frigg) for a in legal_actions(s))


def test_x_id_god_odin_1_ec_x55_an_exchange_keeps_h_and_gives_sigrdrifa_nothing() -> None:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, "odin", "sigrdrifa")
    p = s.players[i]
    s.heroes_available.remove("grid")
    p.heroes.append("grid")
    p.command_zone.append("grid")
    pick = s.taverns[0][0]
    s, _ = play(s, f"p{i}:pick:{pick}")
    while not isinstance(s.tasks[-1], OdinDue):
        s = play(s, legal_actions(s)[0])[0]
    s, ev = play(s, f"p{i}:odin:grid/skaa")
    p = s.players[i]
    assert "skaa" in p.heroes
    assert "grid" not in p.heroes
    assert "grid" in s.heroes_available
    assert len(p.heroes) == 1
    assert s.idavoll is not None
    assert s.idavoll.notches[[v.id for v in VALKYRIES].index("sigrdrifa")] == 0
    assert by_rule(ev, "X-ID-GOD-ODIN-3")
    assert "odin" in s.idavoll.used


def test_x_id_god_thor_1_ec_x44_durathor_and_thor_leave_dagda_without_a_discard() -> None:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, "durathor", "thor")
    p = s.players[i]
    p.columns[0].append(_take_dwarf(s, "1W3"))  # one Dwarf card to discard
    s.heroes_available.remove("dagda")
    p.heroes.append("dagda")
    s.tasks.append(DiscardDue(i, nidlib.rules.base.dagda_discards(s, p), 1))
    assert s.tasks[-1] == DiscardDue(i, 1, 1)  # Durathor: one discard
    acts = [str(a) for a in legal_actions(s)]
    assert f"p{i}:thor:cancel" in acts
    assert f"p{i}:discard:warrior" in acts
    s, ev = play(s, f"p{i}:thor:cancel")
    assert "1W3" in s.players[i].columns[0]
    assert by_rule(ev, "X-ID-GOD-THOR-1")
    assert s.idavoll is not None
    assert "thor" in s.idavoll.used


def _take_dwarf(s: State, cid: str) -> str:
    _pull(s, cid)
    return cid


def test_x_id_god_thor_2_an_unused_thor_lowers_bonfurs_prerequisite() -> None:
    s = idv()
    p = s.players[0]
    assert "bonfur" not in nidlib.rules.base.eligible_heroes(s, p)  # no discardable column
    give(s, 0, "thor")
    assert "bonfur" in nidlib.rules.base.eligible_heroes(s, p)


# --- Valkyries (X-ID-9, EC-X47..EC-X51) and Animals in scoring ------------------------------------


def test_x_id_valk_brynhildr_1_first_in_a_tavern_moves_her_token() -> None:
    s = idv()
    give(s, 0, "brynhildr")
    s, ev = play(s, *[f"p{k}:bid:{t}" for k, t in enumerate(("5b,0,2/3,4", "4,2,0/3,5b", "3,4,5b/0,2"))])
    assert s.order[0] == 0
    assert by_rule(ev, "X-ID-VALK-BRYNHILDR-1")
    assert s.idavoll is not None
    assert s.idavoll.notches[0] == 1


def test_x_id_valk_svafa_1_ec_x49_one_notch_per_point_of_betterment() -> None:
    s = at_goblin(idv())
    i = s.tasks[-1].player  # type: ignore[union-attr]
    give(s, i, "svafa")
    s.treasury[7] = 0  # a trade aiming at 7 gets the 8
    nidlib.rules.valkyries.notch(s, "svafa", i, 8 - 7, None)
    assert s.idavoll is not None
    assert s.idavoll.notches[4] == 1
    nidlib.rules.valkyries.notch(s, "svafa", i, 9, None)
    assert s.idavoll.notches[4] == 4  # the token never goes past the last notch


def test_x_id_valk_hildr_1_ec_x48_three_distinctions_are_worth_nothing() -> None:
    terms = mythology_terms(["hildr"], {}, {"hildr": 3}, [])
    assert terms == [("hildr", 3, 0)]
    assert mythology_terms(["hildr"], {}, {"hildr": 2}, []) == [("hildr", 2, 16)]
    assert mythology_terms(["sigrdrifa"], {}, {"sigrdrifa": 1}, []) == [("sigrdrifa", 1, 0)]  # EC-X51


def test_x_id_10_gods_giants_and_valkyries_score_on_the_mythology_line() -> None:
    coins = [Coin(v, CoinKind.ROYAL) for v in (5, 6, 7, 8, 21)]
    terms = {
        cid: pts
        for cid, _d, pts in mythology_terms(
            ["freya", "frigg", "loki", "odin", "thor", "gymir", "surt", "skymir"],
            {"gymir": "1E11", "surt": "1W9"},
            {},
            coins,
        )
    }
    assert terms == {
        "freya": 15,
        "frigg": 12,
        "loki": 8,
        "odin": 0,
        "thor": 8,
        "gymir": 33,
        "surt": 21,
        "skymir": 0,
    }
    # a pending or face-down Giant scores nothing (X-ID-SCORE-2)
    assert mythology_terms(["gymir"], {}, {}, coins) == [("gymir", 0, 0)]


def test_x_id_animal_ratatosk_1_ec_x56_pairs_of_zero_ranks_before_the_multiplication() -> None:
    miners = ["ratatosk", "1M0", "1M0b", "olwyn-double-1", "zoral"]  # zeros: 2 miners, a double, Zoral's two
    assert zero_miner_ranks(miners) == 5
    ns = [0, 0, 7, 0, 0]  # ranks: Ratatosk 1, 2 miners, the double, Zoral 3
    assert animal_bonus([[], [], miners, [], []], ns) == (0, 2 * 7, 0)
    assert animal_bonus([["nidhogg", "1W3"], [], [], [], ["garm"]], [2, 0, 0, 0, 2]) == (4, 0, 2)


# --- the whole game: JSON after every action, views (A.7) --------------------------------------------


@pytest.mark.parametrize("expansions", [ID, BOTH])
def test_a7_every_position_round_trips_and_views_hide_the_mythology_split(
    expansions: tuple[str, ...],
) -> None:
    for players in (2, 4):
        s = idv(players, seed=21, expansions=expansions)
        rng = random.Random(players)
        while not s.is_over:
            assert nidlib.state_from_dict(state_to_dict(s)) == s
            part = s.idavoll
            assert part is not None
            v = view_for(s, 0).idavoll
            assert v is not None
            # the split is hidden: the view's deck is a sorted prefix of the pool (which may also hold the
            # cards another player is choosing from with Skymir)
            assert set(part.deck + part.reserve) <= set(v.deck + v.reserve)
            assert len(v.deck) == len(part.deck)
            assert v.deck == sorted(v.deck + v.reserve)[: len(part.deck)]
            s, _ = nidlib.apply(s, rng.choice(legal_actions(s)))
        assert not any(c in MYTHOLOGY_IDS for c in s.discard)
