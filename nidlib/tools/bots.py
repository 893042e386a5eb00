"""Bots: computer players that act only through a player's view and the legal actions.

Three levels, all deterministic for a given seed:

* :class:`RandomBot` ("random") - uniform over the legal actions, bids included.
* :class:`GreedyBot` ("greedy") - one ply: every non-bid decision tries each legal
  action on a determinized copy of its view (:func:`nidlib.determinize`) and keeps the
  one that leaves its own score furthest ahead of the best opponent's; bids put the
  highest coins on the taverns holding the cards it values most and the trading coin
  on the least valuable tavern.
* :class:`StrongBot` ("strong") - determinized Monte Carlo search: for each candidate
  action (every legal action, or a dozen heuristic bids) it samples hidden information,
  plays the game out with a fast heuristic policy and keeps the action with the best
  mean final margin. Its budget is counted in simulated actions, so it is
  deterministic; an optional wall-clock cap (``max_seconds``) bounds the latency of an
  interactive game on a busy machine, at the price of determinism when it binds.

A bot is handed ``nidlib.view_for(state, seat)`` and ``nidlib.legal_actions(view, seat)``
and returns one of those actions; it never sees another player's face-down coins or
the order of the decks (Appendix F). :func:`random_action` is the fast, exactly uniform
sampler used by random playouts (:mod:`bench.playouts`).

Scores are computed by :func:`fast_scores`, which is :func:`nidlib.rules.scoring.position_values`:
the Final Bravery Value as :func:`nidlib.final_scores` totals it (R-SCORE-1..10), without building
score sheets; mid-game it counts Thrud in the command zone and the coins wherever they are.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any, Protocol

from nidlib.core.actions import (
    Action,
    Bid,
    Capture,
    ChooseOlrun,
    Enlist,
    Frigg,
    FriggKeep,
    Keep,
    KeepMyth,
    Odin,
    Pick,
    PlaceGullinbursti,
    PlaceThrud,
    PlaceYlud,
    Recruit,
    Reserve,
    Swap,
    TakeDiscarded,
    Thor,
    UlineBid,
)
from nidlib.core.cards import (
    CARDS,
    CLASSES,
    DWERG_POINTS,
    DWERGS,
    GIANT_CLASS,
    CardKind,
    Hero,
    Myth,
)
from nidlib.core.coins import Coin
from nidlib.core.messages import render
from nidlib.core.state import Player, State
from nidlib.core.tasks import (
    BidsDue,
    CaptureDue,
    CardDiscardDue,
    DiscardDue,
    FreyaDue,
    FriggDue,
    GullinburstiDue,
    HeroDue,
    LokiDue,
    OdinDue,
    OlrunDue,
    PickDue,
    PioneerDue,
    SkymirDue,
    ThrudDue,
    TransformDue,
    UlineBidDue,
    YludDue,
)
from nidlib.core.views import determinize
from nidlib.rules.base import _LEGAL, rounds_in_age
from nidlib.rules.engine import advance, decision, eligible_heroes, legal_actions, pick_action
from nidlib.rules.legal import _SLOT_TEXT, _hand_text, _transform_action
from nidlib.rules.scoring import RANK_BRAVERY, RANK_COUNT, army_stats, class_value, position_values
from nidlib.rules.thingvellir import (
    _eligible_discards,
    _legal_enlist,
    _legal_take,
    _mercenaries,
    camp_card_allowed,
    camp_visit_allowed,
)

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "StrongBot",
    "fast_scores",
    "make_bot",
    "random_action",
]


class Bot(Protocol):
    """A computer player: given its view and the legal actions, it returns one of them."""

    name: str

    def choose(self, view: State, legal: Sequence[Action]) -> Action: ...

    def explain(self, view: State, legal: Sequence[Action], lang: str | None = None) -> tuple[Action, str]:
        """The action and why, one sentence in ``lang`` (default: the current language)."""
        ...


# --- scoring: nidlib.rules.scoring ----------------------------------------------------------

_CLASS_INDEX: dict[str, int] = {cls.value: i for i, cls in enumerate(CLASSES)}
_IDUNN = Hero.IDUNN.value


def _columns(p: Player) -> tuple[list[int], list[int], bool]:
    """Ranks and bravery points per column (:func:`~nidlib.rules.scoring.army_stats`), and whether
    Idunn is there; Thrud counts one rank where she stands (R-ARMY-2), as for completing a line."""
    ns, bps, idunn = army_stats(p.columns)
    if p.thrud >= 0:
        ns[p.thrud] += 1
    return ns, bps, idunn


def fast_scores(s: State) -> list[int]:
    """Every player's Final Bravery Value of the position, as :func:`nidlib.final_scores` totals it.

    :func:`nidlib.rules.scoring.position_values`: the scoring rules' own total, without score sheets.
    """
    return list(position_values(s))


def _margin(scores: list[int], me: int) -> int:
    best = max(v for i, v in enumerate(scores) if i != me) if len(scores) > 1 else 0
    return scores[me] - best


#: rough worth of recruiting a hero (one more complete line) when valuing cards.
_LINE_VALUE = 14.0
#: rough worth of neutral heroes for the rollout policy.
_NEUTRAL_VALUE: dict[str, float] = {
    Hero.SKAA: 17,
    Hero.GRID: 13,
    Hero.ULINE: 9,
    Hero.THRUD: 15,
    Hero.YLUD: 10,
    Hero.ASTRID: 12,
}


#: rough worth of Thingvellir's artifacts when taken now (X-TH-ART table): points, less what they cost
_ARTIFACT_VALUE: dict[str, float] = {
    "fafnir-baleygr": 4,
    "draupnir": 8,
    "svalinn": 14,
    "megingjord": 18,  # 28 points, but no more heroes by lines
    "vidofnir-vedrfolnir": 7,
    "brisingamens": 12,
    "mjollnir": 14,
    "hofud": 6,
    "hrafnsmerki": 8,
    "jarnglofi": 16,  # 24 points, but the trading coin is gone
    "gjallarhorn": 14,
}


#: rough worth of the Gods, Giants and Valkyries to their owner (points plus what the power or capture is
#: expected to bring in a game; X-ID-GOD, X-ID-GIANT and X-ID-VALK tables)
_MYTH_VALUE: dict[str, float] = {
    "freya": 17.0,
    "frigg": 14.0,
    "loki": 10.0,
    "odin": 4.0,
    "thor": 10.0,
    "gymir": 14.0,
    "hrungnir": 9.0,
    "skymir": 12.0,
    "surt": 10.0,
    "thrivaldi": 11.0,
    "brynhildr": 7.0,
    "hildr": 7.0,
    "olrun": 8.0,
    "sigrdrifa": 6.0,
    "svafa": 5.0,
}
_MYTH_VALUE_KINDS = frozenset({CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE})


def card_gain(p: Player, cid: str, stats: tuple[list[int], list[int], bool] | None = None) -> float:
    """Heuristic worth of adding card ``cid`` to player ``p``'s army now (points plus line progress)."""
    c = CARDS[cid]
    if c.kind is CardKind.ROYAL_OFFERING:
        return 1.5 * c.offering
    if c.kind is CardKind.ARTIFACT and c.cls is None:
        return _ARTIFACT_VALUE.get(cid, 6.0)
    if c.kind in _MYTH_VALUE_KINDS:  # Idavoll: a God's points and power, a Giant's or Valkyrie's expectation
        return _MYTH_VALUE.get(cid, 6.0)
    ns, bps, idunn = stats if stats is not None else _columns(p)
    if c.kind is CardKind.MERCENARY:  # enlisted at the end of the Age into its better class
        return max(_class_gain(ns, bps, idunn, _CLASS_INDEX[cls], 1, bp) for cls, bp in c.options) * 0.9
    if c.cls is None:  # neutral heroes
        if cid in DWERGS:
            k = sum(1 for h in p.command_zone if h in DWERGS)
            return float(DWERG_POINTS[min(k + 1, 5)] - DWERG_POINTS[k])
        return _NEUTRAL_VALUE.get(cid, 8.0)
    ci = _CLASS_INDEX[c.cls]
    gain = _class_gain(ns, bps, idunn, ci, RANK_COUNT[cid], RANK_BRAVERY[cid], cid == _IDUNN)
    if c.kind is CardKind.ANIMAL:
        gain += _animal_bonus(cid, ns)
    return gain


def _class_gain(
    ns: list[int], bps: list[int], idunn: bool, ci: int, add_n: int, add_bp: int, adds_idunn: bool = False
) -> float:
    """Worth of adding ``add_n`` ranks and ``add_bp`` bravery points to column ``ci`` (points and line progress)."""
    n, bp = ns[ci], bps[ci]
    has_idunn = idunn or adds_idunn
    gain = float(
        class_value(ci, n + add_n, bp + add_bp, has_idunn and ci == 4)
        - class_value(ci, n, bp, idunn and ci == 4)
    )
    low = min(ns)
    if n == low:
        gain += _LINE_VALUE if ns.count(low) == 1 else _LINE_VALUE / ns.count(low)
    return gain


# --- Idavoll: when to use a God, capture or place, columns and classes (RULES.md A.2) ---------------------

_LOKI = Myth.LOKI.value
_FREYA = Myth.FREYA.value
_FRIGG = Myth.FRIGG.value
_ODIN = Myth.ODIN.value
_THOR = Myth.THOR.value
_WARRIOR = _CLASS_INDEX["warrior"]
_EXPLORER = _CLASS_INDEX["explorer"]
#: a power unused at the end is worth nothing: the bar to use one falls from ``base + scale`` at the start of the
#: game to ``base`` in its last round (X-ID-7: once per game)
_GOD_BAR: dict[str, tuple[float, float]] = {
    _LOKI: (2.0, 8.0),
    _FREYA: (1.0, 5.0),
    _FRIGG: (1.0, 5.0),
    _ODIN: (1.0, 4.0),
    _THOR: (1.0, 5.0),
}
#: the chance of taking the best card of a tavern by its rank in the bidder's order of taverns (Freya's model)
_FIRST_CHANCE = (0.6, 0.35, 0.15)


def _animal_bonus(cid: str, ns: list[int]) -> float:
    """The Animal's own scoring bonus when taken now (X-ID-ANIMAL table): Nidhogg +2 and Garm +1 per rank of
    their column, Hreasvelg brings Gullinbursti (one more rank where it helps a line)."""
    if cid == "nidhogg":
        return 2.0 * (ns[_WARRIOR] + 1)
    if cid == "garm":
        return float(ns[_EXPLORER] + 2)
    if cid == "hreasvelg":
        return _LINE_VALUE / 2
    return 1.0  # Durathor (Dagda's one discard), Ratatosk (pairs of zero ranks)


def _progress(s: State) -> float:
    """The share of the game still to play, 1.0 before the first round and about 0 in the last one."""
    n = s.options.players
    idav = s.idavoll is not None
    first = rounds_in_age(n, 1, idavoll=idav)
    total = first + rounds_in_age(n, 2)
    done = max(0, s.round - 1) + (first if s.age == 2 else 0)
    return max(0.0, 1.0 - done / max(1, total - 1))


def _god_bar(s: State, god: str) -> float:
    base, scale = _GOD_BAR[god]
    return base + scale * _progress(s)


def _reserved_for(s: State, me: int) -> str:
    """The tavern card Loki's token reserves for ``me`` (X-ID-GOD-LOKI-1), or ""."""
    part = s.idavoll
    if part is None or not part.loki or _LOKI not in s.players[me].command_zone:
        return ""
    return part.loki


def loki_scores(s: State, me: int) -> list[tuple[float, str]]:
    """Worth of reserving each tavern card (best first): its value to ``me`` plus a third of its value to the
    opponent who wants it most. The token lets ``me`` take it with its lowest coin there (only Loki's owner may
    take it: the bids then go to the other taverns, :func:`_tavern_values`)."""
    p = s.players[me]
    st = _columns(p)
    others = [q for i, q in enumerate(s.players) if i != me]
    out = []
    for row in s.taverns:
        for c in row:
            mine = card_gain(p, c, st)
            theirs = max((card_gain(q, c) for q in others), default=0.0)
            out.append((mine + theirs / 3, c))
    out.sort(key=lambda x: -x[0])
    return out


def loki_choice(s: State, me: int) -> Reserve:
    """Reserve the card worth most (:func:`loki_scores`) if it beats the bar of the moment, else pass.

    The bar (:data:`_GOD_BAR`) is a card about as good as an ordinary dwarf early on and falls to nothing by
    the last round: an unused token scores nothing more (Loki's 8 points count either way, X-ID-10)."""
    scores = loki_scores(s, me)
    if scores and scores[0][0] >= 8.0 + _god_bar(s, _LOKI):
        return Reserve(me, scores[0][1])
    return Reserve(me, "")


def _first_chances(s: State, me: int) -> list[float]:
    """The chance that ``me`` is first in its best, second and third tavern: its k-th highest coin against
    each opponent's k-th highest (coins are face up before the bids), a tie counting a half."""
    n = len(s.players)

    def top3(i: int) -> list[int]:
        vals = sorted((c.value for c in s.players[i].coins() if not c.is_trading), reverse=True)
        return ([*vals, 0, 0, 0])[:3]

    mine = top3(me)
    out = []
    for k in range(3):
        chance = 1.0
        for i in range(n):
            if i != me:
                o = top3(i)[k]
                chance *= 1.0 if mine[k] > o else 0.5 if mine[k] == o else 0.2
        out.append(chance)
    return out


def _haul(values: list[list[float]], chances: list[float], players: int) -> float:
    """Expected worth of the next picks: the taverns ranked by their best card (the order of the bids), the
    k-th one won with ``chances[k]``; otherwise one of the other cards, each as likely as the others."""
    tops = sorted((sorted(vs, reverse=True) for vs in values), key=lambda vs: -(vs[0] if vs else 0.0))
    total = 0.0
    for w, vs in zip(chances, tops, strict=False):
        if vs:
            rest = vs[1:players]
            total += w * vs[0] + (1 - w) * sum(rest) / max(1, players - 1)
    return total


def freya_scores(s: State, me: int) -> list[tuple[float, tuple[str, str]]]:
    """Gain of each swap Freya allows (best first): :func:`_haul` after it minus before, for ``me``; less a
    quarter of the best gain of an opponent (X-ID-GOD-FREYA-1/2: never Loki's card). Spreading two good
    cards pays for a player whose coins win the bids; keeping them together is the weaker bidder's fallback."""
    from nidlib.rules.idavoll import freya_pairs

    n = len(s.players)
    worth: dict[str, list[float]] = {}
    for q in s.players:
        st = _columns(q)
        for row in s.taverns:
            for c in row:
                worth.setdefault(c, []).append(card_gain(q, c, st))
    chances = [_first_chances(s, i) for i in range(n)]
    others = [i for i in range(n) if i != me]

    def haul(rows: list[list[str]], i: int) -> float:
        return _haul([[worth[c][i] for c in row] for row in rows], chances[i], n)

    rows0 = [list(r) for r in s.taverns]
    base_me = haul(rows0, me)
    base_them = [haul(rows0, i) for i in others]
    out = []
    for x, y in freya_pairs(s):
        rows = [[y if c == x else x if c == y else c for c in r] for r in rows0]
        gain = haul(rows, me) - base_me
        loss = max((haul(rows, i) - b for i, b in zip(others, base_them, strict=True)), default=0.0)
        out.append((gain - loss / 4, (x, y)))
    out.sort(key=lambda v: -v[0])
    return out


def freya_choice(s: State, me: int) -> Swap:
    """The best swap (:func:`freya_scores`) if it gains more than the bar of the moment, else pass."""
    scores = freya_scores(s, me)
    if scores and scores[0][0] >= _god_bar(s, _FREYA):
        return Swap(me, scores[0][1])
    return Swap(me, ("", ""))


def frigg_draw_value(s: State, me: int) -> float:
    """Expected worth of the best of 3 cards drawn from the Age deck (its make-up is public; X-ID-GOD-FRIGG-1)."""
    p = s.players[me]
    st = _columns(p)
    vals = sorted(card_gain(p, c, st) for c in s.decks[s.age])
    m = len(vals)
    if m < 3:
        return 0.0
    total = m * (m - 1) * (m - 2) / 6
    # the j-th smallest (0-based) is the best of the three with probability C(j, 2) / C(m, 3)
    return sum(v * (j * (j - 1) / 2) for j, v in enumerate(vals)) / total


def frigg_choice(s: State, me: int, legal: Sequence[Action]) -> Frigg | None:
    """Frigg instead of a pick when the tavern's best card for ``me`` is poor next to the best of 3 draws.

    The card sent under the deck is the one the next players want most (it leaves the tavern)."""
    friggs = [a for a in legal if isinstance(a, Frigg)]
    if not friggs:
        return None
    p = s.players[me]
    st = _columns(p)
    best_here = max((card_gain(p, a.card, st) for a in legal if isinstance(a, Pick)), default=0.0)
    if frigg_draw_value(s, me) - best_here < _god_bar(s, _FRIGG):
        return None
    others = [q for i, q in enumerate(s.players) if i != me]
    return max(friggs, key=lambda a: max((card_gain(q, a.card) for q in others), default=0.0))


def frigg_keep_choice(s: State, me: int, legal: Sequence[Action]) -> Action:
    """Keep the drawn card worth most; the other two go under the deck."""
    p = s.players[me]
    st = _columns(p)
    return max(legal, key=lambda a: card_gain(p, a.card, st) if isinstance(a, FriggKeep) else -1e9)


def _giant_worth(s: State, me: int, giant: str, card: str) -> float:
    """What capturing ``card`` brings (X-ID-GIANT tables): Gymir 3 x its BP, Surt the highest coin, Hrungnir
    +2 on each non-trading coin, Skymir 2 of the reserve's cards, Thrivaldi a hero."""
    p = s.players[me]
    if giant == Myth.GYMIR:
        return 3.0 * RANK_BRAVERY.get(card, 0)
    if giant == Myth.SURT:
        return float(max((c.value for c in p.coins()), default=0))
    if giant == Myth.HRUNGNIR:
        return 2.0 * sum(1 for c in p.coins() if not c.is_trading) + 2.0
    if giant == Myth.SKYMIR:
        return 16.0
    return _LINE_VALUE + 2.0  # Thrivaldi: a hero beyond the lines


def capture_choice(s: State, me: int, card: str) -> Capture:
    """Capture when the Giant's effect is worth more than the dwarf in the army (:func:`card_gain`)."""
    p = s.players[me]
    cls = CARDS[card].cls
    giant = next((g for g, c in GIANT_CLASS.items() if c == cls and g in p.command_zone), "")
    return Capture(me, _giant_worth(s, me, giant, card) >= card_gain(p, card))


def gullinbursti_choice(s: State, me: int) -> PlaceGullinbursti:
    """The column where one more rank helps most (points and lines, X-ID-ANIMAL-HREASVELG-2)."""
    ns, bps, idunn = _columns(s.players[me])
    best = max(range(5), key=lambda ci: _class_gain(ns, bps, idunn, ci, 1, 0))
    return PlaceGullinbursti(me, CLASSES[best])


def olrun_choice(s: State, me: int) -> ChooseOlrun:
    """Ölrun's class: the one with most dwarves in the taverns now, then the shortest column (the one a
    line-building player fills next) (X-ID-VALK-OLRUN-1)."""
    ns, _bps, _idunn = _columns(s.players[me])
    seen = [0] * 5
    for row in s.taverns:
        for c in row:
            cls = CARDS[c].cls
            if cls is not None and CARDS[c].kind is CardKind.DWARF:
                seen[_CLASS_INDEX[cls]] += 1
    best = max(range(5), key=lambda ci: (seen[ci] - 0.5 * ns[ci], -ci))
    return ChooseOlrun(me, CLASSES[best])


def skymir_choice(s: State, me: int, legal: Sequence[Action]) -> Action:
    """The two drawn cards worth most together (:func:`card_gain`, :data:`_MYTH_VALUE`)."""
    p = s.players[me]
    st = _columns(p)
    return max(
        legal, key=lambda a: sum(card_gain(p, c, st) for c in a.cards) if isinstance(a, KeepMyth) else -1e9
    )


def idavoll_choice(s: State, me: int, legal: Sequence[Action]) -> Action | None:
    """The heuristic answer to an Idavoll decision that a one-ply score cannot judge, or ``None``.

    Loki and Freya act before the bids, Ölrun's class and Skymir's cards pay later: none moves the score now.
    """
    top = s.tasks[-1] if s.tasks else None
    if isinstance(top, LokiDue):
        return loki_choice(s, me)
    if isinstance(top, FreyaDue):
        return freya_choice(s, me)
    if isinstance(top, OlrunDue):
        return olrun_choice(s, me)
    if isinstance(top, SkymirDue):
        return skymir_choice(s, me, legal)
    if isinstance(top, FriggDue):
        return frigg_keep_choice(s, me, legal)
    if isinstance(top, GullinburstiDue):
        return gullinbursti_choice(s, me)
    if isinstance(top, CaptureDue):
        return capture_choice(s, me, top.card)
    return None


# --- fast uniform sampling -----------------------------------------------------------------


_PERMS5: tuple[tuple[int, ...], ...] = tuple(permutations(range(5)))


def random_bid(player: int, hand: Sequence[Coin], rng: random.Random) -> Bid:
    """A bid drawn uniformly over the *distinct* legal bids of ``hand``.

    A random permutation of the hand is read as Goblin, Dragon, Horse, pouch, pouch. Each
    distinct bid (the pouch is unordered) is hit by ``m × 2`` permutations when its two
    pouch coins differ and by ``m`` when they are equal (``m`` = product of the factorials
    of the coin multiplicities, the same for every bid). Accepting a differing pouch with
    probability 1/2 therefore makes every distinct bid equally likely (rejection sampling:
    at most two draws on average, one random number each).
    """
    if len(hand) != 5:  # pragma: no cover - a bid always places the five coins
        msg = f"a bid places five coins, the hand has {len(hand)}"
        raise ValueError(msg)
    while True:
        r = rng.random() * 240.0  # one draw: the permutation and the accept/reject coin
        k = int(r)
        perm = _PERMS5[k >> 1]
        a, b = hand[perm[3]], hand[perm[4]]
        if a is b or k & 1:  # coins are interned: equal coins are the same object
            break
    if a._key <= b._key:  # the coins' order (Coin.__le__), without a Python call
        return _bid(player, hand[perm[0]], hand[perm[1]], hand[perm[2]], a, b)
    return _bid(player, hand[perm[0]], hand[perm[1]], hand[perm[2]], b, a)


@lru_cache(maxsize=8192)
def _bid(player: int, t0: Coin, t1: Coin, t2: Coin, lo: Coin, hi: Coin) -> Bid:
    """``Bid(player, (t0, t1, t2), (lo, hi))``, cached: actions are immutable values."""
    return Bid(player, (t0, t1, t2), (lo, hi))


#: each seat's Thrud and Ylud placements, in the order of legal_actions (the columns' order)
_THRUD_PLACES = tuple(tuple(PlaceThrud(i, c) for c in CLASSES) for i in range(5))
_YLUD_PLACES = tuple(tuple(PlaceYlud(i, c) for c in CLASSES) for i in range(5))


@lru_cache(maxsize=1024)
def _recruit(player: int, hero: str) -> Recruit:
    """``Recruit(player, hero)``, cached (actions are immutable values)."""
    return Recruit(player, hero)


def _pick_widened(s: State, i: int) -> bool:
    """Whether Idavoll changes player ``i``'s pick turn: Loki's card out of reach, or Frigg usable."""
    part = s.idavoll
    assert part is not None
    return bool(part.loki) or (_FRIGG in s.players[i].command_zone and _FRIGG not in part.used)


def random_action(s: State, rng: random.Random) -> Action:
    """A uniformly random legal action of the next player to act, without listing all bids.

    During bids the lowest seat that has not bid yet acts (bids are simultaneous, so the
    order does not matter); its bid is uniform over its distinct legal bids
    (:func:`random_bid`). A pick is uniform over the cards of the tavern (over the legal actions when a
    Camp card may be taken instead, X-TH-4, or Loki's token or Frigg's power changes them, X-ID-GOD-LOKI-1,
    X-ID-GOD-FRIGG-1), a hero over :func:`nidlib.eligible_heroes`; every other decision is uniform over
    :func:`nidlib.legal_actions` (drawn without building every action for Thrud, Ylud, Uline's coin,
    transformations, a discarded card to take and an enlistment: the same draw picks the same action).
    """
    top = s.tasks[-1]
    if type(top) is PickDue and (s.idavoll is None or not _pick_widened(s, top.player)):
        i = top.player
        row = s.taverns[s.tavern]
        camp = s.camp
        if camp is None or not camp_visit_allowed(s, i):
            return pick_action(i, row[int(rng.random() * len(row))])
        # legal_actions' order: the tavern's cards, then the Camp cards this player may take (X-TH-4)
        extra = [c for c in camp.cards if camp_card_allowed(s, i, c) is None]
        k = int(rng.random() * (len(row) + len(extra)))
        return pick_action(i, row[k] if k < len(row) else extra[k - len(row)])
    if type(top) is BidsDue:
        for i, p in enumerate(s.players):
            if not p.bid_done:
                if len(p.hand) != 5:  # four coins after Jarnglofi (X-TH-ART-JARNGLOFI-4)
                    acts = legal_actions(s, i)
                    return acts[int(rng.random() * len(acts))]
                return random_bid(i, p.hand, rng)
    if type(top) is HeroDue:  # up to 21 heroes: draw one without building every Recruit action
        heroes = eligible_heroes(s, s.players[top.player])
        return _recruit(top.player, heroes[int(rng.random() * len(heroes))])
    # the draws below are those of legal_actions(s), in its order, without building every action
    if type(top) is ThrudDue:  # the five columns (R-HERO-THRUD-3)
        return _THRUD_PLACES[top.player][int(rng.random() * 5)]
    if type(top) is YludDue:  # the five columns (R-HERO-YLUD-2)
        return _YLUD_PLACES[top.player][int(rng.random() * 5)]
    if type(top) is UlineBidDue:  # one coin of each value in hand (R-HERO-ULINE-4)
        coins = list(dict.fromkeys(s.players[top.player].hand))
        return UlineBid(top.player, coins[int(rng.random() * len(coins))])
    if type(top) is TransformDue and top.source != "khrad":  # a coin that does not trade (R-XFORM-1)
        p = s.players[top.player]
        places = [k for k, c in enumerate(p.slots) if c is not None and not c.is_trading]
        n = len(places)
        k = int(rng.random() * (n + sum(not c.is_trading for c in p.hand)))
        if k < n:
            return _transform_action(top.player, _SLOT_TEXT[places[k]])
        for h, c in enumerate(p.hand):  # the (k - n)-th hand coin that does not trade
            if not c.is_trading:
                if k == n:
                    return _transform_action(top.player, _hand_text(h))
                k -= 1
    listing = _LEGAL.get(type(top))
    if listing is _legal_take:  # Andumia, Brisingamens: one card of the discard pile (X-TH-HERO-ANDUMIA-1)
        take: Any = top  # a TakeDue (the decision _legal_take lists)
        cards = _eligible_discards(s, take.exclude)
        return TakeDiscarded(take.player, cards[int(rng.random() * len(cards))])
    if listing is _legal_enlist:  # a Mercenary and one of its classes (X-TH-MERC-1)
        enlist: Any = top  # an EnlistDue (the decision _legal_enlist lists)
        mercs = dict.fromkeys(_mercenaries(s.players[enlist.player]))
        options = [(m, cls) for m in mercs for cls, _bp in CARDS[m].options]
        m, cls = options[int(rng.random() * len(options))]
        return Enlist(enlist.player, m, cls)
    acts = legal_actions(s)
    return acts[int(rng.random() * len(acts))]


# --- random bot ----------------------------------------------------------------------------------


class RandomBot:
    """Uniform over the legal actions it is given (bids included)."""

    level = "random"

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]

    def explain(self, view: State, legal: Sequence[Action], lang: str | None = None) -> tuple[Action, str]:
        return self.choose(view, legal), render("bot.why.random", None, lang)


# --- greedy bot -------------------------------------------------------------------------------


def _tavern_values(s: State, me: int) -> list[float]:
    """Worth of each tavern to ``me``: the best card there (0 for an empty tavern)."""
    p = s.players[me]
    st = _columns(p)
    mine = _reserved_for(s, me) if s.idavoll is not None else ""
    return [
        0.0 if mine and mine in row else max((card_gain(p, c, st) for c in row), default=0.0)
        for row in s.taverns
    ]  # Loki's card is ours with any coin (X-ID-GOD-LOKI-1): no need to bid high there


def heuristic_bid(s: State, me: int, order: Sequence[int] | None = None, trade_in_pouch: bool = False) -> Bid:
    """Highest coins on the most valuable taverns, the trading coin on the least valuable one.

    ``order`` ranks the taverns (best first; default: by :func:`_tavern_values`). With
    ``trade_in_pouch`` the trading coin goes to the pouch instead (no trade this round).
    """
    p = s.players[me]
    if order is None:
        values = _tavern_values(s, me)
        order = sorted(range(3), key=lambda t: -values[t])
    hand = sorted(p.hand, key=lambda c: (c.is_trading, -c.value))  # trading coin last
    trading = [c for c in hand if c.is_trading]
    rest = [c for c in hand if not c.is_trading]
    slots: list[Coin | None] = [None, None, None]
    if trading and not trade_in_pouch:
        slots[order[0]], slots[order[1]], slots[order[2]] = rest[0], rest[1], trading[0]
        pouch = rest[2:4]
    else:
        slots[order[0]], slots[order[1]], slots[order[2]] = hand[0], hand[1], hand[2]
        pouch = hand[3:5]
    t0, t1, t2 = slots
    assert t0 is not None
    assert t1 is not None
    assert t2 is not None
    if len(pouch) == 1:  # four coins after Jarnglofi: one pouch coin (X-TH-ART-JARNGLOFI-4)
        return Bid(me, (t0, t1, t2), (pouch[0],))
    a, b = pouch
    return Bid(me, (t0, t1, t2), (a, b) if a <= b else (b, a))


def _uline_coin(s: State, me: int) -> Coin:
    """Uline's face-up coin: high if this tavern is the best left, the trading coin if it is the worst."""
    p = s.players[me]
    values = _tavern_values(s, me)
    t = s.tavern
    left = list(range(t, 3))
    hand = sorted(p.hand, key=lambda c: c.value)
    plain = [c for c in hand if not c.is_trading] or hand
    if values[t] >= max(values[k] for k in left):
        return plain[-1]
    trading = [c for c in hand if c.is_trading]
    if values[t] <= min(values[k] for k in left):
        return trading[0] if trading else plain[0]
    return plain[len(plain) // 2]


def _follow_up(st: State, me: int, depth: int) -> int:
    """Margin after ``me`` greedily resolves its own immediate follow-up decisions (heroes, Thrud...)."""
    d = decision(st)
    if depth <= 0 or d is None or d.kind in ("bids", "pick", "uline_bid") or d.players[0] != me:
        return _margin(fast_scores(st), me)
    best: int | None = None
    for a in legal_actions(st, me):
        nxt = st.copy()
        advance(nxt, a)
        v = _follow_up(nxt, me, depth - 1)
        if best is None or v > best:
            best = v
    assert best is not None
    return best


def greedy_values(full: State, me: int, legal: Sequence[Action]) -> list[int]:
    """One-ply values of each action on a full state: margin after it and ``me``'s own follow-ups."""
    out = []
    for a in legal:
        st = full.copy()
        advance(st, a)
        out.append(_follow_up(st, me, 3))
    return out


class GreedyBot:
    """One ply on a determinized copy of the view; heuristic bids."""

    level = "greedy"

    def __init__(self, seed: int = 0, name: str = "greedy") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal)[0]

    def explain(self, view: State, legal: Sequence[Action], lang: str | None = None) -> tuple[Action, str]:
        me = view.viewer if view.viewer is not None else legal[0].player
        first = legal[0]
        if isinstance(first, Bid):
            bid = heuristic_bid(view, me)
            values = _tavern_values(view, me)
            best = max(range(3), key=lambda t: values[t])
            return bid, render(
                "bot.why.bid", {"tavern": f"@tavern.{best}", "coin": str(bid.taverns[best])}, lang
            )
        if isinstance(first, UlineBid):
            coin = _uline_coin(view, me)
            return UlineBid(me, coin), render("bot.why.uline", {"coin": str(coin)}, lang)
        if len(legal) == 1:
            return first, render("bot.why.only", None, lang)
        if view.idavoll is not None:
            choice = idavoll_choice(view, me, legal)
            if choice is not None:
                return choice, _why_myth(choice, lang)
            friggs = [a for a in legal if isinstance(a, Frigg)]
            if friggs:  # Frigg or a pick: judged by the deck's make-up, not by one sampled deck
                use = frigg_choice(view, me, legal)
                if use is not None:
                    return use, _why_myth(use, lang)
                legal = [a for a in legal if not isinstance(a, Frigg)]
        full = determinize(view, self.rng)
        margins = greedy_values(full, me, legal)
        base = _margin(fast_scores(full), me)
        if view.idavoll is not None:
            margins = _save_powers(view, legal, margins)
        top = max(margins)
        ties = [i for i, m in enumerate(margins) if m == top]
        k = ties[int(self.rng.random() * len(ties))] if len(ties) > 1 else ties[0]  # seeded tie-break
        return legal[k], _why(legal[k], top - base, lang)


def _save_powers(s: State, legal: Sequence[Action], margins: list[int]) -> list[int]:
    """Odin's exchange and Thor's cancellation only when they gain more than the bar of the moment over the
    best way without the power (X-ID-7: once per game; :data:`_GOD_BAR`)."""
    for cls, god in ((Odin, _ODIN), (Thor, _THOR)):
        uses = [
            k for k, a in enumerate(legal) if isinstance(a, cls) and not (isinstance(a, Odin) and not a.give)
        ]
        rest = [m for k, m in enumerate(margins) if k not in uses]
        if not uses or not rest:
            continue
        bar = _god_bar(s, god)
        best_rest = max(rest)
        margins = [m - round(bar) if k in uses and m - best_rest < bar else m for k, m in enumerate(margins)]
    return margins


def _why_myth(a: Action, lang: str | None = None) -> str:
    """Why a rule of thumb chose ``a`` (an Idavoll decision)."""
    passed = (
        (isinstance(a, Reserve) and not a.card)
        or (isinstance(a, Swap) and not a.cards[0])
        or (isinstance(a, Capture) and not a.capture)
    )
    return render("bot.why.myth-keep" if passed else "bot.why.myth", None, lang)


def _why(a: Action, gain: int, lang: str | None = None) -> str:
    if isinstance(a, Pick):
        return render("bot.why.pick", {"card": f"@card.{a.card}", "gain": gain}, lang)
    if isinstance(a, Recruit):
        return render("bot.why.hero", {"card": f"@card.{a.hero}", "gain": gain}, lang)
    if isinstance(a, Keep):
        return render("bot.why.pick", {"card": f"@card.{a.card}", "gain": gain}, lang)
    return render("bot.why.best", {"gain": gain}, lang)


# --- strong bot ------------------------------------------------------------------------------


_DISCARDS = (DiscardDue, CardDiscardDue)


def _rollout_action(s: State, rng: random.Random, explore: float) -> Action:
    """Fast heuristic policy for playouts: heuristic bids, best-card picks, heroes by worth."""
    top = s.tasks[-1]
    if isinstance(top, BidsDue):
        for i, p in enumerate(s.players):
            if not p.bid_done:
                if rng.random() < explore and len(p.hand) == 5:
                    return random_bid(i, p.hand, rng)
                return heuristic_bid(s, i)
    if isinstance(top, UlineBidDue):
        return UlineBid(top.player, _uline_coin(s, top.player))
    if s.idavoll is not None:
        act = _rollout_idavoll(s, top, rng)
        if act is not None:
            return act
    if isinstance(top, PickDue | HeroDue | PioneerDue):
        me = top.player
        p = s.players[me]
        acts = legal_actions(s, me)
        if len(acts) > 1 and rng.random() >= explore:
            st = _columns(p)
            best = acts[0]
            best_v = -1e9
            for a in acts:
                cid = a.card if isinstance(a, Pick | Keep) else a.hero if isinstance(a, Recruit) else ""
                v = (card_gain(p, cid, st) if cid else 3.0) + rng.random() * 0.5  # 3.0: Frigg's draw
                if v > best_v:
                    best, best_v = a, v
            return best
        return acts[int(rng.random() * len(acts))]
    acts = legal_actions(s)
    return acts[int(rng.random() * len(acts))]


def _rollout_idavoll(s: State, top: object, rng: random.Random) -> Action | None:
    """The rollout's Idavoll answers: Loki, Ölrun, Skymir, Frigg's card, Gullinbursti and captures by the
    rules of thumb; Freya passes (her 15 points stay; searching her swaps is too slow for a playout), Odin
    passes, Thor cancels whenever he can."""
    if isinstance(top, FreyaDue):
        return Swap(top.player, ("", ""))
    if isinstance(top, OdinDue):
        return Odin(top.player, "", "")
    if isinstance(top, LokiDue | OlrunDue | GullinburstiDue | CaptureDue):
        return idavoll_choice(s, top.player, ())
    if isinstance(top, SkymirDue | FriggDue):
        return idavoll_choice(s, top.player, legal_actions(s, top.player))
    if type(top) in _DISCARDS:
        acts = legal_actions(s)
        thor = [a for a in acts if isinstance(a, Thor)]
        return thor[0] if thor else acts[int(rng.random() * len(acts))]
    return None


def playout(
    s: State, me: int, rng: random.Random, explore: float = 0.1, max_steps: int = 100_000
) -> tuple[int, int]:
    """Play ``s`` (a full state, mutated) to the end with the rollout policy: (margin of ``me``, steps)."""
    steps = 0
    while s.tasks and steps < max_steps:
        advance(s, _rollout_action(s, rng, explore))
        steps += 1
    return _margin(fast_scores(s), me), steps


def bid_candidates(view: State, me: int) -> list[Bid]:
    """A dozen sensible bids: every tavern ranking, trading coin on the last tavern or in the pouch."""
    values = _tavern_values(view, me)
    base = sorted(range(3), key=lambda t: -values[t])
    orders = [base]
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        if list(perm) not in orders:
            orders.append(list(perm))
    out: list[Bid] = []
    for trade_in_pouch in (False, True):
        for order in orders:
            b = heuristic_bid(view, me, order, trade_in_pouch)
            if b not in out:
                out.append(b)
    return out


class StrongBot:
    """Determinized Monte Carlo search with heuristic playouts.

    ``budget`` is the number of simulated actions per decision (deterministic: the default
    keeps a decision well under one second of CPU on one core, see docs/benchmarks.md).
    ``max_seconds`` optionally caps the wall-clock time per decision: the search stops before
    a further sample would pass it (the first sample always completes). Off by default so
    that a seed always gives the same game.
    ``horizon`` stops each playout after that many actions and scores the position reached
    (default: play to the end of the game).
    ``max_candidates`` keeps the best few actions by the greedy one-ply value when there
    are many (hero choices).
    """

    level = "strong"

    def __init__(
        self,
        seed: int = 0,
        name: str = "strong",
        budget: int = 4_000,
        max_seconds: float | None = None,
        max_candidates: int = 8,
        horizon: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_seconds = max_seconds if max_seconds is not None else float("inf")
        self.max_candidates = max_candidates
        self.horizon = horizon if horizon is not None else 100_000
        self.clock = clock
        self.last_stats: dict[str, float] = {}

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal)[0]

    def _candidates(self, view: State, me: int, legal: Sequence[Action]) -> list[Action]:
        first = legal[0]
        if isinstance(first, Bid):
            return list(bid_candidates(view, me))
        if isinstance(first, UlineBid):
            return list(dict.fromkeys(legal))
        if isinstance(first, Reserve):  # pass, and the few cards worth reserving most
            return [Reserve(me, ""), *(Reserve(me, c) for _v, c in loki_scores(view, me)[:3])]
        if isinstance(first, Swap):
            return [Swap(me, ("", "")), *(Swap(me, pair) for _v, pair in freya_scores(view, me)[:3])]
        if isinstance(first, KeepMyth | FriggKeep):
            return [idavoll_choice(view, me, legal) or first]
        friggs = [a for a in legal if isinstance(a, Frigg)]
        if friggs:  # one Frigg at most: the card the others want most goes under the deck
            others = [q for i, q in enumerate(view.players) if i != me]
            keep = max(friggs, key=lambda a: max((card_gain(q, a.card) for q in others), default=0.0))
            legal = [a for a in legal if not isinstance(a, Frigg) or a is keep]
        cands = list(legal)
        if len(cands) > self.max_candidates:
            full = determinize(view, self.rng)
            values = greedy_values(full, me, cands)
            ranked = sorted(range(len(cands)), key=lambda i: -values[i])
            cands = [cands[i] for i in sorted(ranked[: self.max_candidates])]
        return cands

    def explain(self, view: State, legal: Sequence[Action], lang: str | None = None) -> tuple[Action, str]:
        start = self.clock()
        cpu = time.process_time()
        me = view.viewer if view.viewer is not None else legal[0].player
        cands = self._candidates(view, me, legal)
        if len(cands) == 1:
            self.last_stats = {
                "seconds": self.clock() - start,
                "cpu": time.process_time() - cpu,
                "samples": 0,
            }
            return cands[0], render("bot.why.only", None, lang)
        totals = [0.0] * len(cands)
        samples = 0
        steps = 0
        while True:
            seed = self.rng.getrandbits(32)
            full = determinize(view, random.Random(seed))
            for k, a in enumerate(cands):
                st = full.copy()
                advance(st, a)
                margin, n = playout(
                    st, me, random.Random(seed), max_steps=self.horizon
                )  # common random numbers
                totals[k] += margin
                steps += n + 1
            samples += 1
            elapsed = self.clock() - start
            # stop at the budget, or before a further sample would pass the time cap
            if steps >= self.budget or elapsed + elapsed / samples >= self.max_seconds:
                break
        k = max(range(len(cands)), key=lambda i: totals[i])
        self.last_stats = {
            "seconds": self.clock() - start,
            "cpu": time.process_time() - cpu,
            "samples": samples,
        }
        return cands[k], render(
            "bot.why.search", {"samples": samples, "margin": round(totals[k] / samples, 1)}, lang
        )


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` ("random", "greedy" or "strong"); raises ValueError for an unknown level."""
    try:
        factory = BOTS[level]
    except KeyError:
        msg = f"unknown bot level {level!r}; choose one of {', '.join(BOTS)}"
        raise ValueError(msg) from None
    return factory(seed, name=level)
