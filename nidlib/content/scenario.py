"""Scenario builder: set up any position without playing up to it.

Lessons and tests describe positions the way players talk about them::

    s = (Scenario(3, names=("Ana", "Bo", "Cy"), seed=1)
         .army(0, warrior=[3, 7, "Kraal"], explorer=[5, 11])
         .command_zone(0, ["Grid"])
         .gems({0: 5, 1: 4, 2: 3})
         .bids(0, taverns=[4, 0, 5], pouch=[2, 3])
         .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
         .bids(2, taverns=[2, 3, 4], pouch=[0, 5])
         .taverns([["W7", "H", "RO3"], ["M1", "B", "E9"], ["W3", "M0", "H"]])
         .at_tavern(0)
         .build())

Dwarves are written as the score sheet writes them: their bravery points in a
class column (``warrior=[3, 7]``), or in a tavern as ``"W7"``, ``"H"``, ``"M0"``,
``"B"``, ``"E9"``, ``"RO3"``/``"RO5"``; heroes by name. Cards are taken out of
the Age decks, gold coins out of the Royal Treasure, so every built state obeys
the same conservation checks as a played one (it is validated on build).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from nidlib.core.cards import CARDS, CLASS_LETTER, CLASSES, HERO_IDS, CardKind, DwarfClass, Hero
from nidlib.core.coins import BASIC_COINS, GREEN_3, Coin, CoinKind
from nidlib.core.errors import DocumentError
from nidlib.core.events import Event
from nidlib.core.serialize import state_from_dict, state_to_dict
from nidlib.core.state import State
from nidlib.core.tasks import BidsDue, RevealTavern
from nidlib.rules.engine import TAVERN_SIZE, _run, end_steps, new_game

CoinSpec = int | str
_LETTER_CLASS = {v: k for k, v in CLASS_LETTER.items()}


def _norm(text: str) -> str:
    t = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in t.lower() if ch.isalnum())


_HERO_BY_NAME: dict[str, str] = {}
for _h in HERO_IDS:
    _HERO_BY_NAME[_norm(CARDS[_h].name)] = _h
    _HERO_BY_NAME[_norm(_h)] = _h
_HERO_BY_NAME["kingsgreatarmorer"] = "armorer"
_HERO_BY_NAME["armorer"] = "armorer"


class Scenario:
    """Fluent builder of a :class:`State`; every method returns the builder."""

    def __init__(
        self,
        players: int = 3,
        names: tuple[str, ...] | list[str] | None = None,
        *,
        seed: int = 0,
        age: int = 1,
        round: int = 1,
        first_game: bool = False,
        **options: Any,
    ) -> None:
        self._s = new_game(players, names, seed=seed, first_game=first_game, **options)
        self._s.tasks = []
        for row in self._s.taverns:  # undo the first Enter the Dwarves: the scenario deals its own
            self._s.decks[1].extend(reversed(row))
        self._s.taverns = [[], [], []]
        self._s.age = age
        self._s.round = round
        for p in self._s.players:
            p.hand = []
        self._coins: dict[int, tuple[list[Coin], list[Coin] | None]] = {}
        self._phase: tuple[Any, ...] = ("bids",)
        self._taverns_set = False

    # -- cards -----------------------------------------------------------------------------
    def _take(self, cid: str) -> str:
        s = self._s
        for age in (s.age, 3 - s.age):
            if cid in s.decks[age]:
                s.decks[age].remove(cid)
                return cid
        if cid in s.heroes_available:
            s.heroes_available.remove(cid)
            return cid
        raise DocumentError("", f"{CARDS[cid].name} ({cid}) is not available any more")

    def _dwarf(self, cls: DwarfClass, bp: int) -> str:
        s = self._s
        for age in (s.age, 3 - s.age):
            for cid in reversed(s.decks[age]):
                c = CARDS[cid]
                if c.kind is CardKind.DWARF and c.cls is cls and c.ranks[0] == bp:
                    return self._take(cid)
        raise DocumentError("", f"no {cls.value} card worth {bp} is left in the decks")

    def _card_spec(self, spec: str | int, cls: DwarfClass | None = None) -> str:
        if isinstance(spec, int):
            if cls is None:
                raise DocumentError("", f"{spec}: say which class (e.g. 'W{spec}')")
            return self._dwarf(cls, spec)
        key = _norm(spec)
        if key in _HERO_BY_NAME:
            cid = _HERO_BY_NAME[key]
            return cid if cid == "armorer" else self._take(cid)
        if spec in CARDS:
            return self._take(spec)
        if spec.upper().startswith("RO"):
            value = int(spec[2:])
            for age in (self._s.age, 3 - self._s.age):
                for cid in reversed(self._s.decks[age]):
                    if CARDS[cid].offering == value:
                        return self._take(cid)
            raise DocumentError("", f"no Royal Offering +{value} is left")
        letter = spec[:1].upper()
        if letter in _LETTER_CLASS:
            c = _LETTER_CLASS[letter]
            return self._dwarf(c, int(spec[1:]) if spec[1:] else 0)
        raise DocumentError("", f"unknown card {spec!r}")

    def army(self, player: int, **columns: list[str | int]) -> Scenario:
        """Cards per column, bottom to top: bravery points for dwarves, names for heroes."""
        p = self._s.players[player]
        for name, specs in columns.items():
            cls = DwarfClass(name)
            ci = CLASSES.index(cls)
            for spec in specs:
                if isinstance(spec, str) and _norm(spec) == "thrud":
                    self._take(Hero.THRUD)
                    p.heroes.append(Hero.THRUD)
                    p.thrud = ci
                    continue
                cid = self._card_spec(spec, cls)
                if CARDS[cid].kind is CardKind.HERO:
                    p.heroes.append(cid)
                p.columns[ci].append(cid)
        return self

    def command_zone(self, player: int, items: list[str]) -> Scenario:
        """Neutral heroes (by name) and distinction ids (e.g. ``"crown-jeweler"``)."""
        p = self._s.players[player]
        for spec in items:
            key = _norm(spec)
            if key in _HERO_BY_NAME:
                cid = self._take(_HERO_BY_NAME[key])
                p.heroes.append(cid)
                p.command_zone.append(cid)
            else:
                p.command_zone.append(spec)
        return self

    def taverns(self, rows: list[list[str]]) -> Scenario:
        """The cards in the three taverns (Laughing Goblin, Dancing Dragon, Shining Horse)."""
        self._s.taverns = [[self._card_spec(c) for c in row] for row in rows]
        self._taverns_set = True
        return self

    def gems(self, gems: dict[int, int]) -> Scenario:
        for i, g in gems.items():
            self._s.players[i].gem = g
        return self

    def hero_removed(self, *names: str) -> Scenario:
        """Heroes recruited by nobody but no longer in the display (e.g. to leave only Hourya)."""
        for n in names:
            self._take(_HERO_BY_NAME[_norm(n)])
            self._s.discard.append(_HERO_BY_NAME[_norm(n)])
        return self

    def only_heroes(self, *names: str) -> Scenario:
        keep = {_HERO_BY_NAME[_norm(n)] for n in names}
        for h in list(self._s.heroes_available):
            if h not in keep:
                self._take(h)
                self._s.discard.append(h)
        return self

    # -- coins ------------------------------------------------------------------------------
    @staticmethod
    def _parse_coins(specs: list[CoinSpec]) -> list[Coin]:
        out: list[Coin] = []
        for spec in specs:
            if isinstance(spec, str):
                out.append(Coin.parse(spec))
            elif spec == 5 and Coin(5, CoinKind.BASIC) not in out:
                out.append(Coin(5, CoinKind.BASIC))
            elif spec in (0, 2, 3, 4):
                out.append(Coin(spec, CoinKind.BASIC))
            else:
                out.append(Coin.parse(str(spec)))
        return out

    def bids(self, player: int, *, taverns: list[CoinSpec], pouch: list[CoinSpec]) -> Scenario:
        """Coins on the three tavern spaces and in the pouch (face down until revealed)."""
        self._coins[player] = (self._parse_coins(taverns + pouch), None)
        return self

    def hand(self, player: int, coins: list[CoinSpec]) -> Scenario:
        """Coins in hand (between rounds, during bids, or with Uline)."""
        self._coins[player] = (self._parse_coins(coins), [])
        return self

    # -- phase ------------------------------------------------------------------------------
    def at_bids(self) -> Scenario:
        self._phase = ("bids",)
        return self

    def at_tavern(self, tavern: int) -> Scenario:
        """Start the resolution of a tavern: bids revealed, order computed, first pick waiting."""
        self._phase = ("tavern", tavern)
        return self

    def at_end_of_age(self) -> Scenario:
        """The last round of the Age is over: Ylud, then Troop Evaluation (Age I) or final scoring."""
        self._phase = ("age_end",)
        return self

    def build(self, events: list[Event] | None = None) -> State:
        s = self._s
        for i, p in enumerate(s.players):
            coins, hand = self._coins.get(i, (sorted(BASIC_COINS), []))
            for c in coins:
                if c.kind is CoinKind.ROYAL:
                    if s.treasury.get(c.value, 0) <= 0:
                        raise DocumentError(
                            f"players[{i}].coins", f"no gold {c.value} is left in the Treasury"
                        )
                    s.treasury[c.value] -= 1
            basics = {str(c) for c in coins if c.kind is CoinKind.BASIC}
            for b in BASIC_COINS:
                if str(b) not in basics:
                    s.out_of_game.append(str(b))
            if GREEN_3 in coins and "hunting-master" not in p.command_zone:
                p.command_zone.append("hunting-master")
            if hand is not None or self._phase[0] != "tavern" or Hero.ULINE in p.heroes:
                p.hand = sorted(coins)
            else:
                p.slots = list(coins)
                p.slots[3:5] = sorted(coins[3:5])
                p.bid_done = True
                t = self._phase[1]
                p.revealed = [k < t for k in range(3)] + [False, False]
        if not self._taverns_set and self._phase[0] != "age_end":
            size = TAVERN_SIZE[s.options.players]
            deck = s.decks[s.age]
            s.taverns = [[deck.pop() for _ in range(min(size, len(deck)))] for _ in range(3)]
        if self._phase[0] == "age_end":
            s.discard.extend(s.decks[s.age] if s.age == 1 else [])
            if s.age == 1:
                s.decks[1] = []
            else:
                s.discard.extend(s.decks[2])
                s.decks[2] = []
        base = end_steps(s.age)
        phase = self._phase
        if phase[0] == "bids":
            owner = next((i for i, p in enumerate(s.players) if Hero.ULINE in p.heroes), None)
            for i, p in enumerate(s.players):
                p.bid_done = i == owner
            base.append(BidsDue())
        elif phase[0] == "tavern":
            s.tavern = phase[1]
            base.append(RevealTavern(phase[1]))
        s.tasks = base
        s.viewer = None
        # validate like a document, then run to the first decision
        checked = state_from_dict(state_to_dict(s), check_flow=False)
        _run(checked, events)
        return checked
