"""The worked example of seed 004 (phase 3, "拍賣"), AUCTIONS.md §2.6:

冷爺 (here Lengye, seat 0) bids 9 sapphires and 2 emeralds; 梵利 (Fanli, seat 1) bids 1 sapphire,
3 emeralds and 1 diamond.
* Ruby: nobody bid, no winner.
* Diamond: Fanli wins with 1: 1 VP, no card (fewer than 3).
* Emerald: Fanli wins with 3 and takes the rightmost card.
* Sapphire: Lengye wins with 9: the card, +4 VP, and he moves the King one hall.
* Lengye's 2 emeralds and Fanli's 1 sapphire stay in front of them until the end of the round.
"""

from __future__ import annotations

from dataclasses import replace

from zavandor import Auction, Bid, EndRound, Event, Gem, MoveKing, Phase, State, apply, counts, new_game


def _example() -> tuple[State, State, tuple[Event, ...]]:
    s = new_game(["Lengye", "Fanli"], seed=4)
    lengye = replace(s.players[0], hand=counts(sapphire=9, emerald=2))
    fanli = replace(s.players[1], hand=counts(sapphire=1, emerald=3, diamond=1))
    s = replace(s, players=(lengye, fanli), phase=Phase.TRADE)
    bids = (Bid.of(sapphire=9, emerald=2), Bid.of(sapphire=1, emerald=3, diamond=1))
    after, events = apply(s, Auction(bids))
    return s, after, events


def test_worked_example_lots() -> None:
    _, s, _ = _example()
    ruby, diamond, emerald, sapphire = s.lots
    assert ruby.gem is Gem.RUBY
    assert ruby.winner is None
    assert (diamond.winner, diamond.bid, diamond.card, diamond.vp) == (1, 1, False, 1)
    assert (emerald.winner, emerald.bid, emerald.card, emerald.vp) == (1, 3, True, 0)
    assert (sapphire.winner, sapphire.bid, sapphire.card, sapphire.vp, sapphire.bonus) == (
        0,
        9,
        True,
        4,
        True,
    )


def test_worked_example_rewards_and_payment() -> None:
    _, s, _ = _example()
    lengye, fanli = s.players
    assert (lengye.vp, lengye.improvements) == (4, (Gem.SAPPHIRE,))
    assert (fanli.vp, fanli.improvements) == (1, (Gem.EMERALD,))
    assert s.discards == counts(diamond=1, emerald=3, sapphire=9)  # only the winners paid


def test_worked_example_locked_bids_return_at_the_end_of_the_round() -> None:
    _, s, _ = _example()
    assert s.players[0].locked == counts(emerald=2)
    assert s.players[1].locked == counts(sapphire=1)
    assert s.players[0].hand == s.players[1].hand == counts()
    assert s.phase is Phase.KING
    assert s.king_mover == 0
    s, _ = apply(s, MoveKing(0, to=s.params.king_path[0].exits[0]))
    s, _ = apply(s, EndRound())
    assert s.players[0].hand == counts(emerald=2)
    assert s.players[1].hand == counts(sapphire=1)


def test_worked_example_explains_each_step_with_rule_ids() -> None:
    _, _, events = _example()
    rules = [e.rule for e in events]
    for rid in ("Z-AUC-1", "Z-AUC-2", "Z-PAY-1", "Z-REW-1", "Z-REW-2", "Z-REW-3", "Z-LOCK-1", "Z-KING-1"):
        assert rid in rules
    text = "\n".join(e.text("en") for e in events)
    assert "Nobody bid on the ruby lot" in text
    assert "Lengye's 9 sapphires reach the bonus threshold: +4 VP. [Z-REW-3]" in text
    assert "Fanli won with 1 diamond, fewer than 3: 1 VP. [Z-REW-1]" in text
    # the auction itself rests only on seed-level rules: nothing here is illustrative
    auction = [e for e in events if e.rule.startswith(("Z-AUC", "Z-PAY", "Z-REW", "Z-LOCK"))]
    assert not any(e.illustrative for e in auction)
