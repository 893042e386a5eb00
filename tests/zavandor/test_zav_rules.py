"""One or more tests per rule of zavandor/RULES.md, named after its id (test_z_<area>_<n>_...)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from zavkit import position

from zavandor import (
    Auction,
    BankTrade,
    Bid,
    EndRound,
    Gem,
    IllegalActionError,
    Income,
    MoveKing,
    Params,
    Phase,
    Trade,
    Upgrade,
    apply,
    check,
    counts,
    new_game,
    scores,
    winners,
)
from zavandor.engine import draw
from zavandor.state import State

ONLY = {  # deck mixes where a tier holds a single gem, to see which tiers paid
    "ruby": (1, 0, 0, 0),
    "diamond": (0, 1, 0, 0),
    "emerald": (0, 0, 1, 0),
    "sapphire": (0, 0, 0, 1),
}


def _bids(s: State, *bids: Bid) -> State:
    return apply(s, Auction(bids))[0]


def _refused(s: State, action: object) -> str:
    v = check(s, action)  # type: ignore[arg-type]
    assert v is not None, f"{action} should be illegal"
    with pytest.raises(IllegalActionError) as info:
        apply(s, action)  # type: ignore[arg-type]
    assert info.value.rule == v.rule
    return v.rule


# -- set-up and round --------------------------------------------------------------------------


def test_z_setup_1_start_hands_family_king_and_rows() -> None:
    s = new_game(["Ana", "Bo", "Cy"], seed=3)
    assert all(sum(pl.hand) == 6 and pl.family == 1 and pl.vp == 0 for pl in s.players)
    assert s.king == 0
    assert s.king_trail == (0,)
    assert s.phase is Phase.INCOME
    assert s.round == 1
    assert s.rows == (0, 13, 13, 13)  # 3 players: no ruby row (Z-REW-4 parameter)
    assert new_game(["Ana", "Bo"]).rows == (0, 0, 13, 13)
    assert new_game(["Ana", "Bo", "Cy", "Di"]).rows == (13, 13, 13, 13)


def test_z_setup_1_start_cards_are_tier_1() -> None:
    p = Params(deck_mix=(ONLY["emerald"], ONLY["ruby"], ONLY["ruby"], ONLY["ruby"]))
    s = new_game(["Ana", "Bo"], params=p)
    assert s.players[0].hand == counts(emerald=6)


def test_z_round_1_actions_only_in_their_phase() -> None:
    s = new_game(["Ana", "Bo"], seed=1)
    assert _refused(s, Auction((Bid(), Bid()))) == "Z-ROUND-1"
    assert _refused(s, Upgrade(0)) == "Z-ROUND-1"
    s, _ = apply(s, Income())
    assert s.phase is Phase.TRADE
    assert _refused(s, Income()) == "Z-ROUND-1"
    assert _refused(s, EndRound()) == "Z-ROUND-1"
    s = _bids(s, Bid(), Bid())
    assert s.phase is Phase.KING  # the default path forks at the start hall
    assert _refused(s, BankTrade(0, counts(sapphire=2), counts(ruby=1))) == "Z-ROUND-1"


def test_z_round_2_start_player_passes_left() -> None:
    s = position(counts(), counts(), counts(), start=2, phase=Phase.UPGRADE, king=1)
    s, events = apply(s, EndRound())
    assert (s.start, s.round, s.phase) == (0, 2, Phase.INCOME)
    assert events[-1].rule == "Z-ROUND-2"


# -- income ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "cards", "family_after"), [(1, 2, 1), (2, 3, 2), (5, 3, 5), (6, 2, 7), (7, 2, 8)]
)
def test_z_inc_1_family_pays_by_its_current_level(level: int, cards: int, family_after: int) -> None:
    s = position(counts(), counts(), phase=Phase.INCOME)
    s = replace(s, players=(replace(s.players[0], family=level), s.players[1]))
    s, events = apply(s, Income())
    assert sum(s.players[0].hand) == cards
    assert s.players[0].family == family_after
    assert any(e.rule == "Z-INC-1" and e.player == 0 for e in events)


def test_z_inc_2_cap_takes_the_highest_tiers_first() -> None:
    """Seed example: two tribes give 4 tier-3 cards, the family (L2) 3 tier-1 cards: 7 owed, 6 taken:
    4 tier-3 and 2 tier-1."""
    p = Params(deck_mix=(ONLY["sapphire"], ONLY["emerald"], ONLY["diamond"], ONLY["ruby"]), card_income=2)
    s = position(counts(), counts(), phase=Phase.INCOME, params=p)
    ana = replace(s.players[0], family=2, improvements=(Gem.DIAMOND, Gem.DIAMOND))  # diamond row = tier 3
    s, events = apply(replace(s, players=(ana, s.players[1])), Income())
    assert s.players[0].hand == counts(diamond=4, sapphire=2)
    cap = [e for e in events if e.rule == "Z-INC-2"]
    assert len(cap) == 1
    assert cap[0].params["n"] == 7


def test_z_inc_3_free_marker_is_placed_at_once_or_lost() -> None:
    s = position(counts(), counts(), phase=Phase.INCOME)
    s = replace(s, players=(replace(s.players[0], family=6), replace(s.players[1], family=8)))
    s2, events = apply(s, Income())
    assert (s2.players[0].family, s2.players[1].family) == (7, 8)
    keys = {(e.player, e.key) for e in events if e.rule == "Z-INC-3"}
    assert keys == {(0, "ev.marker"), (1, "ev.marker-lost")}


def test_z_inc_4_improvements_produce_their_rows_tier() -> None:
    p = Params(deck_mix=(ONLY["sapphire"], ONLY["emerald"], ONLY["diamond"], ONLY["ruby"]))
    s = position(counts(), counts(), phase=Phase.INCOME, params=p)
    s = replace(s, players=(replace(s.players[0], improvements=(Gem.RUBY, Gem.EMERALD)), s.players[1]))
    s, events = apply(s, Income())
    assert s.players[0].hand == counts(ruby=1, emerald=1, sapphire=2)
    assert all(e.illustrative for e in events if e.rule == "Z-INC-1")  # rests on unknown deck mixes


def test_z_draw_1_draws_come_from_the_seed_in_the_state() -> None:
    a = apply(new_game(["Ana", "Bo"], seed=11), Income())[0]
    b = apply(new_game(["Ana", "Bo"], seed=11), Income())[0]
    c = apply(new_game(["Ana", "Bo"], seed=12), Income())[0]
    assert a == b
    assert [pl.hand for pl in a.players] != [pl.hand for pl in c.players]


def test_z_draw_1_tier_mixes_are_respected() -> None:
    import random

    p = Params()
    got = draw(p, random.Random(1), [4] * 2000)
    assert got[0] > got[3] * 2  # the illustrative tier-4 deck is ruby-rich
    got1 = draw(p, random.Random(1), [1] * 2000)
    assert got1[3] > got1[0] * 5


# -- trade -------------------------------------------------------------------------------------


def test_z_bank_1_two_cards_for_one_of_your_choice() -> None:
    s = position(counts(emerald=3, sapphire=2), counts())
    s, events = apply(s, BankTrade(0, give=counts(emerald=2, sapphire=2), take=counts(ruby=2)))
    assert s.players[0].hand == counts(ruby=2, emerald=1)
    assert s.discards == counts(emerald=2, sapphire=2)
    assert events[0].rule == "Z-BANK-1"


def test_z_bank_1_refuses_the_wrong_rate_and_cards_not_held() -> None:
    s = position(counts(emerald=3), counts())
    assert _refused(s, BankTrade(0, give=counts(emerald=3), take=counts(ruby=2))) == "Z-BANK-1"
    assert _refused(s, BankTrade(0, give=counts(sapphire=2), take=counts(ruby=1))) == "Z-BANK-1"
    assert _refused(s, BankTrade(0, give=counts(), take=counts())) == "Z-BANK-1"


def test_z_trade_1_players_exchange_cards() -> None:
    s = position(counts(emerald=1), counts(ruby=1))
    s, _ = apply(s, Trade(0, 1, give_a=counts(emerald=1), give_b=counts(ruby=1)))
    assert (s.players[0].hand, s.players[1].hand) == (counts(ruby=1), counts(emerald=1))
    assert _refused(s, Trade(0, 0, counts(), counts())) == "Z-TRADE-1"
    assert _refused(s, Trade(0, 1, counts(emerald=1), counts())) == "Z-TRADE-1"


# -- auction -------------------------------------------------------------------------------------


def test_z_auc_1_one_handful_for_all_four_lots_from_the_hand() -> None:
    s = position(counts(ruby=1, diamond=1, emerald=1, sapphire=1), counts(sapphire=2))
    assert _refused(s, Auction((Bid.of(sapphire=2), Bid()))) == "Z-AUC-1"
    assert _refused(s, Auction((Bid(),))) == "Z-AUC-1"
    s = _bids(s, Bid.of(1, 1, 1, 1), Bid())
    assert [lot.winner for lot in s.lots] == [0, 0, 0, 0]  # four lots, one action


def test_z_auc_2_most_cards_win_and_no_bid_no_winner() -> None:
    s = position(counts(emerald=4), counts(emerald=5), counts())
    s = _bids(s, Bid.of(emerald=4), Bid.of(emerald=5), Bid())
    assert [(lot.winner, lot.bid) for lot in s.lots] == [(None, 0), (None, 0), (1, 5), (None, 0)]


def test_z_tie_1_earlier_seat_from_the_start_player_wins() -> None:
    hands = (counts(diamond=2), counts(), counts(diamond=2))
    s = _bids(position(*hands, start=1), Bid.of(diamond=2), Bid(), Bid.of(diamond=2))
    assert s.lots[1].winner == 2
    assert s.lots[1].tied == (0,)
    s = _bids(position(*hands, start=0), Bid.of(diamond=2), Bid(), Bid.of(diamond=2))
    assert s.lots[1].winner == 0


def test_z_tie_1_event_explains_the_turn_order() -> None:
    s = position(counts(diamond=2), counts(diamond=2), start=1)
    _, events = apply(s, Auction((Bid.of(diamond=2), Bid.of(diamond=2))))
    tie = [e for e in events if e.rule == "Z-TIE-1"]
    assert len(tie) == 1
    assert tie[0].player == 1
    assert "Bo and Ana all bid 2" in tie[0].text("en")


def test_z_pay_1_only_the_winner_pays() -> None:
    s = position(counts(sapphire=4), counts(sapphire=3))
    s = _bids(s, Bid.of(sapphire=4), Bid.of(sapphire=3))
    assert s.discards == counts(sapphire=4)
    assert s.players[0].hand == counts()
    assert s.players[0].locked == counts()
    assert s.players[1].locked == counts(sapphire=3)


def test_z_lock_1_losing_bids_cannot_be_spent_this_round() -> None:
    s = position(counts(sapphire=4), counts(sapphire=3, emerald=2))
    s = _bids(s, Bid.of(sapphire=4), Bid.of(sapphire=3))
    assert s.players[1].hand == counts(emerald=2)
    assert s.players[1].locked == counts(sapphire=3)
    s, _ = apply(s, MoveKing(0, 1))  # hall 1: the family costs 2 sapphires
    v = check(s, Upgrade(1))
    assert v is not None
    assert v.key == "err.cost-locked"


def test_z_lock_2_locked_bids_return_at_the_end_of_the_round() -> None:
    s = position(counts(sapphire=4), counts(sapphire=3))
    s = _bids(s, Bid.of(sapphire=4), Bid.of(sapphire=3))
    s, _ = apply(s, MoveKing(0, 1))
    s, events = apply(s, EndRound())
    assert s.players[1].hand == counts(sapphire=3)
    assert s.players[1].locked == counts()
    assert any(e.rule == "Z-LOCK-2" and e.player == 1 for e in events)


# -- rewards -----------------------------------------------------------------------------------


def test_z_rew_1_one_or_two_cards_earn_one_vp() -> None:
    s = position(counts(emerald=2), counts(sapphire=1))
    s = _bids(s, Bid.of(emerald=2), Bid.of(sapphire=1))
    assert (s.players[0].vp, s.players[1].vp) == (1, 1)
    assert s.players[0].improvements == s.players[1].improvements == ()


def test_z_rew_2_three_or_more_take_the_card_or_one_vp() -> None:
    s = position(counts(emerald=3), counts(sapphire=3))
    s = _bids(s, Bid.of(emerald=3), Bid.of(sapphire=3, vp_instead=frozenset({Gem.SAPPHIRE})))
    assert (s.players[0].improvements, s.players[0].vp) == ((Gem.EMERALD,), 0)
    assert (s.players[1].improvements, s.players[1].vp) == ((), 1)


@pytest.mark.parametrize(("gem", "threshold"), [("ruby", 6), ("diamond", 7), ("emerald", 8), ("sapphire", 9)])
def test_z_rew_3_bonus_at_6_rubies_7_diamonds_8_emeralds_9_sapphires(gem: str, threshold: int) -> None:
    four = ("Ana", "Bo", "Cy", "Di")
    for n, vp in ((threshold - 1, 0), (threshold, 4)):
        s = position(*(counts(**{gem: n}) if k == 0 else counts() for k in range(len(four))))
        s = _bids(s, Bid.of(**{gem: n}), Bid(), Bid(), Bid())
        assert s.players[0].vp == vp
        assert s.players[0].improvements == (Gem(gem),)  # the bonus comes on top of the card


def test_z_rew_4_empty_rows_at_2_and_3_players() -> None:
    s = position(counts(ruby=3), counts(), counts())  # 3 players: no ruby cards
    s2 = _bids(s, Bid.of(ruby=3), Bid(), Bid())
    assert (s2.players[0].vp, s2.players[0].improvements) == (1, ())
    s = position(counts(ruby=6), counts(), counts())
    assert _bids(s, Bid.of(ruby=6), Bid(), Bid()).players[0].vp == 5  # "add": 1 + 4
    s = position(counts(ruby=6), counts(), counts(), params=Params(empty_row_bonus="replace"))
    s2, events = apply(s, Auction((Bid.of(ruby=6), Bid(), Bid())))
    assert s2.players[0].vp == 4
    rew4 = [e for e in events if e.rule == "Z-REW-4"]
    assert rew4
    assert all(e.illustrative for e in rew4)
    s = position(counts(diamond=3), counts())  # 2 players: no diamond cards either
    assert _bids(s, Bid.of(diamond=3), Bid()).players[0].vp == 1


def test_z_rew_4_an_exhausted_row_pays_vp() -> None:
    s = position(counts(emerald=3), counts())
    s = replace(s, rows=counts(emerald=0, sapphire=5))
    s = _bids(s, Bid.of(emerald=3), Bid())
    assert (s.players[0].vp, s.players[0].improvements) == (1, ())


def test_z_disp_1_every_rightmost_card_leaves() -> None:
    s = position(counts(emerald=3), counts(), counts(), counts())
    s = _bids(s, Bid.of(emerald=3), Bid(), Bid(), Bid())
    assert s.rows == (12, 12, 12, 12)  # sold or not


def test_z_mine_1_a_full_mine_discards_the_oldest_improvement() -> None:
    s = position(counts(emerald=3), counts())
    old = (Gem.RUBY, Gem.DIAMOND, Gem.SAPPHIRE, Gem.SAPPHIRE, Gem.EMERALD)  # 5 + the start scroll = 6 slots
    s = replace(s, players=(replace(s.players[0], improvements=old), s.players[1]))
    s, events = apply(s, Auction((Bid.of(emerald=3), Bid())))
    assert s.players[0].improvements == (*old[1:], Gem.EMERALD)
    assert any(e.rule == "Z-MINE-1" for e in events)


# -- the King ------------------------------------------------------------------------------------


def test_z_king_1_sapphire_winner_moves_the_king_and_chooses_at_a_fork() -> None:
    s = position(counts(), counts(sapphire=1))
    s = _bids(s, Bid(), Bid.of(sapphire=1))
    assert s.phase is Phase.KING
    assert s.king_mover == 1
    assert _refused(s, MoveKing(0, 1)) == "Z-KING-1"  # not the mover
    assert _refused(s, MoveKing(1, 5)) == "Z-KING-1"  # no arrow from hall 0 to hall 5
    s, events = apply(s, MoveKing(1, 6))
    assert (s.king, s.king_trail, s.phase) == (6, (0, 6), Phase.UPGRADE)
    assert events[0].rule == "Z-KING-1"
    assert events[0].illustrative


def test_z_king_1_a_single_arrow_moves_the_king_at_once() -> None:
    s = position(counts(), counts(sapphire=1), king=1)
    s, events = apply(s, Auction((Bid(), Bid.of(sapphire=1))))
    assert (s.king, s.phase) == (2, Phase.UPGRADE)
    assert events[-1].rule == "Z-KING-1"
    assert events[-1].player == 1


def test_z_king_2_nobody_bid_sapphires_so_the_start_player_moves() -> None:
    s = position(counts(emerald=1), counts(), start=1, king=1)
    s, events = apply(s, Auction((Bid.of(emerald=1), Bid())))
    assert s.king == 2
    assert events[-1].rule == "Z-KING-2"
    assert events[-1].player == 1


# -- upgrade -------------------------------------------------------------------------------------


def test_z_upg_1_one_level_per_upgrade_phase() -> None:
    s = position(counts(sapphire=5), counts(), phase=Phase.UPGRADE, king=1)
    s, _ = apply(s, Upgrade(0))
    assert s.players[0].family == 2
    assert _refused(s, Upgrade(0)) == "Z-UPG-1"
    top = replace(s, players=(replace(s.players[0], family=8, upgraded=False), s.players[1]))
    assert _refused(top, Upgrade(0)) == "Z-UPG-1"


def test_z_upg_2_only_cards_in_hand_pay() -> None:
    s = position(counts(sapphire=1), counts(), phase=Phase.UPGRADE, king=1)
    assert _refused(s, Upgrade(0)) == "Z-UPG-2"
    v = check(s, Upgrade(0))
    assert v is not None
    assert v.key == "err.cost"


def test_z_upg_3_the_family_costs_what_the_kings_hall_shows() -> None:
    for hall, paid in ((1, counts(sapphire=2)), (2, counts(emerald=2)), (11, counts(diamond=3))):
        s = position(counts(3, 3, 3, 3), counts(), phase=Phase.UPGRADE, king=hall)
        s, events = apply(s, Upgrade(0))
        assert s.players[0].hand == tuple(3 - x for x in paid)
        assert events[0].rule == "Z-UPG-3"


# -- end -------------------------------------------------------------------------------------------


def _last_round() -> State:
    s = position(counts(emerald=3), counts(sapphire=2), king=12)
    return _bids(s, Bid(), Bid.of(sapphire=1))  # Bo moves the King into the Coronation Hall


def test_z_end_1_the_game_ends_after_the_upgrade_phase_of_the_coronation_round() -> None:
    s = _last_round()
    assert s.king == 13
    assert s.at_coronation
    assert s.phase is Phase.UPGRADE
    s, events = apply(s, EndRound())
    assert s.phase is Phase.OVER
    assert any(e.rule == "Z-END-1" for e in events)
    assert _refused(s, Income()) == "Z-END-1"


def test_z_end_2_three_gems_make_one_vp_and_locked_bids_count() -> None:
    s = position(counts(emerald=4, sapphire=3), counts(ruby=2))
    s = replace(s, players=(replace(s.players[0], vp=3, improvements=(Gem.RUBY,)), s.players[1]))
    s = replace(s, players=(s.players[0], replace(s.players[1], locked=counts(diamond=1))))
    a, b = scores(s)
    assert (a.tokens, a.gems, a.improvements, a.total, a.cards_left) == (3, 2, 2, 7, 1)
    assert (b.gems, b.cards_left) == (1, 0)  # 2 rubies in hand + 1 locked diamond
    assert a.illustrative  # an improvement's VP is unknown
    assert not b.illustrative  # 3 gems = 1 VP is from the seed


def test_z_end_3_ties_go_to_most_cards_left_then_shared() -> None:
    s = position(counts(emerald=2), counts(emerald=1))
    assert winners(s) == (0,)  # 0 VP each; 2 cards left beat 1
    s = position(counts(emerald=2), counts(sapphire=2))
    assert winners(s) == (0, 1)
    s, events = apply(_last_round(), EndRound())
    assert events[-1].rule == "Z-END-3"


def test_z_draw_1_draws_are_the_same_in_every_process() -> None:
    """String seeds are hashed with SHA-512 (not Python's salted hash): these hands never change."""
    s, _ = apply(new_game(["Ana", "Bo", "Cy"], seed=7), Income())
    assert [pl.hand for pl in s.players] == [(1, 0, 1, 6), (0, 2, 3, 3), (0, 1, 1, 6)]
