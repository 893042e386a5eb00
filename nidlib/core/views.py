"""Player views: the game as one player may know it (Appendix F "Hidden information").

:func:`view_for` returns a :class:`~nidlib.core.state.State` with ``viewer`` set in
which everything that player may not know is gone:

* the order of both Age decks (their contents stay: they are public knowledge);
* other players' coins on taverns not yet revealed and in their pouches, and the
  Uline owner's hand (R-COIN-4, R-HERO-ULINE-3): those coins move to
  ``player.hidden`` - *which* coins a player owns is public (R-COIN-5), where they
  lie is not;
* the Pioneer of the Kingdom's drawn cards, unless the option makes them public;
* the seed (it would reveal future shuffles);
* Idavoll: which Mythology cards are in the Mythology deck and which in the reserve (both face down,
  X-ID-2: a view splits their sorted union at the deck's size, an arbitrary but consistent split), and
  the cards Frigg's or Skymir's owner is choosing from, unless the viewer is that player.

Bots and widgets only ever see views. :func:`determinize` turns a view back into
a full state by sampling the hidden parts, for search bots.
"""

from __future__ import annotations

import random
from dataclasses import replace

from nidlib.core.cards import Hero
from nidlib.core.state import State
from nidlib.core.tasks import FriggDue, PioneerDue, SkymirDue


def view_for(s: State, player: int) -> State:
    """What ``player`` may know of ``s``."""
    v = s.copy()
    v.viewer = player
    v.options = replace(s.options, seed=0)
    v.decks = {1: sorted(s.decks[1]), 2: sorted(s.decks[2])}
    if v.camp is not None:  # the Camp decks are face down (X-TH-CAMP-5)
        v.camp.decks = {1: sorted(v.camp.decks[1]), 2: sorted(v.camp.decks[2])}
    if s.pioneer_draw and not s.options.pioneer_draw_public:
        top = s.tasks[-1] if s.tasks else None
        if not (isinstance(top, PioneerDue) and top.player == player):
            v.decks[2] = sorted(v.decks[2] + v.pioneer_draw)
            v.pioneer_draw = []
    if v.idavoll is not None:
        _hide_mythology(v, player)
    for i, p in enumerate(v.players):
        if i == player:
            continue
        hidden = [c for k, c in enumerate(p.slots) if c is not None and not p.revealed[k]]
        p.slots = [c if p.revealed[k] else None for k, c in enumerate(p.slots)]
        if Hero.ULINE in p.heroes:
            hidden += p.hand
            p.hand = []
        p.hidden = sorted(p.hidden + hidden)
    return v


def _hide_mythology(v: State, player: int) -> None:
    part = v.idavoll
    assert part is not None
    top = v.tasks[-1] if v.tasks else None
    if part.drawn and not (isinstance(top, FriggDue | SkymirDue) and top.player == player):
        if isinstance(top, FriggDue):
            v.decks[v.age] = sorted(v.decks[v.age] + part.drawn)
        else:
            part.reserve = part.reserve + part.drawn
        part.drawn = []
    pool = sorted(part.deck + part.reserve)
    part.deck, part.reserve = pool[: len(part.deck)], pool[len(part.deck) :]


def determinize(v: State, rng: random.Random) -> State:
    """A full state consistent with view ``v``: hidden coins and deck order sampled at random."""
    s = v.copy()
    s.viewer = None
    for age in (1, 2):
        rng.shuffle(s.decks[age])
        if s.camp is not None:
            rng.shuffle(s.camp.decks[age])
    if s.idavoll is not None:  # the Mythology deck / reserve split is unknown (X-ID-2)
        part = s.idavoll
        pool = part.deck + part.reserve
        rng.shuffle(pool)
        part.deck, part.reserve = pool[: len(part.deck)], pool[len(part.deck) :]
    for i, p in enumerate(s.players):
        if not p.hidden or i == v.viewer:
            continue
        coins = p.hidden[:]
        rng.shuffle(coins)
        p.hidden = []
        empty = [
            k
            for k in range(5)
            if p.slots[k] is None
            and not p.revealed[k]  # a revealed empty space: no bid there (Jarnglofi, X-TH-ART-JARNGLOFI-2)
            and p.bid_done
            and Hero.ULINE not in p.heroes
            and not (s.tavern >= 0 and k <= s.tavern)
        ]
        for k in empty:
            if coins:
                p.slots[k] = coins.pop()
        p.hand = sorted(p.hand + coins)
    return s
