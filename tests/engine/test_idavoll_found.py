"""Engine bugs found by the Idavoll soak (bench/soak_thingvellir.py --expansions idavoll / thingvellir,idavoll):
each reproduction replays the soak's game up to the bug. Both were written as strict xfails against main at
01f60a1 + d503941; main fixed both meanwhile (1e6c7aa and its merge), so they are regression tests now."""

from __future__ import annotations

import nidlib
from nidlib.core.actions import parse
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.rules.engine import apply

#: 5 players, seed 1304, both expansions: the first 132 actions of the soak's random game (tests/engine/idkit.py).
#: p3 recruits Olwyn (action 103) and places her doubles, returns her with Odin (105: the doubles stay,
#: X-ID-GOD-ODIN-4); p1 then recruits Olwyn from the display (130) and is asked to place the doubles again.
OLWYN_AGAIN = (
    "p0:bid:2,5b,4/0,3 p1:bid:5b,0,4/2,3 p2:bid:5b,4,0/2,3 p3:bid:3,2,0/4,5b p4:bid:2,3,0/4,5b "
    "p2:pick:draupnir p1:pick:1M0b p3:pick:1M1 p4:pick:1H8 p0:pick:1B5 p0:pick:ratatosk p2:pick:thor "
    "p4:pick:frigg p3:pick:brynhildr p1:pick:hrungnir p1:pick:merc5 p0:pick:1H4 p3:pick:1RO3b "
    "p3:transform:t1 p4:pick:1H3 p2:pick:1E10 p0:bid:2,5b,3/0,4 p1:bid:0,4,5b/2,5 p2:bid:4,6,5b/0,2 "
    "p3:bid:3,9,0/4,5 p4:bid:4,9,2/0,3 p2:pick:merc4 p4:pick:1H6 p3:pick:1M1c p0:pick:1E11 p1:pick:1B3 "
    "p4:pick:thrivaldi p3:pick:odin p2:pick:olrun p2:olrun:blacksmith p0:pick:garm p1:pick:svafa "
    "p1:pick:1W6b p2:pick:1W4 p0:pick:1B2 p4:pick:1H5 p3:pick:1W3 p0:bid:3,0,5b/2,4 p1:bid:7,5b,2/0,4 "
    "p2:bid:5b,0,2/4,6 p3:bid:9,9,0/3,4 p4:bid:9,3,4/0,2 p3:pick:1H2 p4:frigg:1E6 "
    "p4:frigg-keep:1E12/1RO3,1W7 p1:pick:1W8 p2:pick:1E7 p0:pick:1E9 p3:pick:nidhogg p1:pick:sigrdrifa "
    "p4:pick:durathor p0:pick:gymir p2:pick:hildr p0:pick:1H7 p4:pick:1E5 p2:pick:1W5 p1:pick:1M1b "
    "p1:capture:no p3:pick:1B8 p0:bid:0,6,3/2,5b p1:bid:2,5b,0/4,7 p2:bid:4,5b,10/0,2 p3:bid:7,0,3/9,9 "
    "p4:bid:4,9,0/2,3 p3:pick:1M0 p4:pick:1M2 p2:pick:1W9 p1:pick:1B4 p0:pick:1B9 p4:pick:svalinn "
    "p0:pick:1E8 p0:capture:yes p1:pick:1B7 p2:pick:1H1 p3:pick:1W10 p2:pick:vegvisir p0:pick:1E6 "
    "p3:pick:1B1 p1:pick:1RO3 p1:transform:p1 p4:pick:1B10 p4:capture:yes p4:hero:astrid "
    "p2:enlist-order:last p1:enlist:merc5/explorer p2:enlist:merc4/blacksmith p0:keep:2M0c "
    "p0:bid:3,6,0/2,7 p1:bid:14,5b,2/0,4 p2:bid:4,5b,10/0,2 p3:bid:9,18,0/3,7 p4:bid:3s,9,4/2,5 "
    "p1:pick:brisingamens p1:take:1RO3b p1:transform:t2 p1:take:1RO3 p1:transform:t0 p3:pick:2E11 "
    "p3:hero:olwyn p3:doubles:miner,explorer p3:odin:olwyn/grid p3:transform:p0 p2:pick:2W3 p4:pick:2E10 "
    "p0:pick:2H6 p3:pick:merc11 p4:pick:2B4 p0:pick:2M0b p2:pick:2M1b p2:hero:lokdur p1:pick:2B1 "
    "p2:pick:2W7 p1:pick:2W10 p4:pick:2M2b p3:pick:2B6 p0:pick:2B5 p0:bid:9,6,3/0,2 p1:bid:5b,5,4/0,17 "
    "p2:bid:10,4,2/0,5b p3:bid:18,19,0/7,9 p4:bid:2,9,4/3s,7 p3:pick:merc6 p2:pick:2H5 p0:pick:2H1 "
    "p1:pick:2H4 p1:hero:olwyn p1:doubles:hunter,miner"
)


def test_later_recruiter_of_olwyn_returned_by_odin_gets_no_doubles_X_TH_HERO_OLWYN_5() -> None:
    s = nidlib.new_game(5, seed=1304, expansions=("thingvellir", "idavoll"))
    actions = OLWYN_AGAIN.split()
    for text in actions[:-1]:  # up to p1's recruitment of Olwyn, each action checked legal
        s, _events = apply(s, parse(text))
    assert actions[-2] == "p1:hero:olwyn"
    placed = [c for p in s.players for col in p.columns for c in col if c.startswith("olwyn-double")]
    assert len(placed) == len(set(placed)) == 2, "p3's two doubles stay, and there are only two"
    d = nidlib.decision(s)
    assert d is None or d.kind != "olwyn", "no doubles for a later recruiter of Olwyn (X-TH-HERO-OLWYN-5)"


#: 2 players, seed 2175, Idavoll alone: the first 27 actions of the soak's random game (tests/engine/idkit.py).
#: p1 owns Durathor and recruits Dagda (action 27): Dagda discards one card only (X-ID-ANIMAL-DURATHOR-1), a
#: ``DiscardDue(1, 1, exclude=hunter)`` task that the JSON codec refuses (nidlib/core/serialize.py ``DISCARDS``
#: knows Bonfur's (1, not blacksmith) and Dagda's (2, not hunter) only). Thor's cancellation of one of Dagda's
#: two discards leaves the same task (D-X19).
DAGDA_WITH_DURATHOR = (
    "p0:bid:5b,2,4/0,3 p1:bid:2,5b,4/0,3 p0:pick:1M2b p1:pick:1B6 p1:pick:gymir p0:pick:garm p1:pick:1W9 "
    "p0:pick:1W6b p0:bid:5b,3,2/0,4 p1:bid:3,0,4/2,5b p0:pick:1RO3 p0:transform:t2 p1:pick:1B1 "
    "p0:pick:olrun p0:olrun:blacksmith p1:pick:thrivaldi p0:pick:1M1b p1:pick:1W6 p0:bid:4,5b,0/3,5 "
    "p1:bid:7,3,2/0,4 p1:pick:1W3 p0:pick:1H2 p0:pick:sigrdrifa p1:pick:durathor p1:pick:1B5 "
    "p1:capture:yes p1:hero:dagda"
)


def test_dagda_single_discard_survives_the_json_round_trip_X_ID_ANIMAL_DURATHOR_1() -> None:
    s = nidlib.new_game(2, seed=2175, expansions=("idavoll",))
    for text in DAGDA_WITH_DURATHOR.split():
        s, _events = apply(s, parse(text))
    d = nidlib.decision(s)
    assert d is not None
    assert d.kind == "discard"
    assert d.params.get("count") == 1, "Durathor: Dagda discards one card"
    assert read_state(state_to_dict(s)) == s
