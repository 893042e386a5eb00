"""JSON documents for Zavandor states: ``from_dict(to_dict(s)) == s`` for every state.

A document that cannot be a state is refused with :class:`DocumentError` naming the field path
(``players[1].hand[2]``) and the problem; nothing deeper leaks a bare ``KeyError``/``TypeError``.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from zavandor.errors import DocumentError
from zavandor.params import GEMS, Gem, Hall, Params
from zavandor.state import Bid, Counts, LotResult, Phase, PlayerState, State

SCHEMA = "nidavellir-tutor/zavandor-state"
VERSION = 1


def _counts(c: Counts) -> list[int]:
    return list(c)


def _gems(gs: tuple[Gem, ...] | frozenset[Gem]) -> list[str]:
    return [str(g) for g in GEMS if g in gs] if isinstance(gs, frozenset) else [str(g) for g in gs]


def to_dict(s: State) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "params": s.params.to_dict(),
        "seed": s.seed,
        "round": s.round,
        "start": s.start,
        "phase": str(s.phase),
        "king": s.king,
        "king_mover": s.king_mover,
        "king_trail": list(s.king_trail),
        "rows": _counts(s.rows),
        "discards": _counts(s.discards),
        "players": [
            {
                "name": pl.name,
                "hand": _counts(pl.hand),
                "locked": _counts(pl.locked),
                "vp": pl.vp,
                "family": pl.family,
                "improvements": _gems(pl.improvements),
                "upgraded": pl.upgraded,
            }
            for pl in s.players
        ],
        "lots": [
            {
                "gem": str(lot.gem),
                "winner": lot.winner,
                "bid": lot.bid,
                "card": lot.card,
                "vp": lot.vp,
                "bonus": lot.bonus,
                "tied": list(lot.tied),
            }
            for lot in s.lots
        ],
        "bids": [{"cards": _counts(b.cards), "vp_instead": _gems(b.vp_instead)} for b in s.bids],
    }


def to_json(s: State, *, indent: int | None = None) -> str:
    return json.dumps(to_dict(s), indent=indent, ensure_ascii=False)


def from_json(text: str) -> State:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise DocumentError("", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    return from_dict(doc)


class _R:
    """A cursor into the document that knows its path, for error messages."""

    def __init__(self, doc: Any, path: str = "") -> None:
        self.doc = doc
        self.path = path

    def fail(self, problem: str) -> DocumentError:
        return DocumentError(self.path, problem)

    def __getitem__(self, key: str) -> _R:
        if not isinstance(self.doc, dict):
            raise self.fail("expected an object")
        path = f"{self.path}.{key}" if self.path else key
        if key not in self.doc:
            raise DocumentError(path, "missing field")
        return _R(self.doc[key], path)

    def items(self, length: int | None = None) -> list[_R]:
        if not isinstance(self.doc, list):
            raise self.fail(f"expected a list, got {json.dumps(self.doc)}")
        if length is not None and len(self.doc) != length:
            raise self.fail(f"expected {length} items, got {len(self.doc)}")
        return [_R(v, f"{self.path}[{k}]") for k, v in enumerate(self.doc)]

    def int(self, lo: int | None = None, hi: int | None = None, *, null: bool = False) -> Any:
        v = self.doc
        if v is None and null:
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(f"expected a whole number, got {json.dumps(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            if hi is None:
                raise self.fail(f"{v} is out of range: at least {lo}")
            raise self.fail(f"{v} is out of range {lo}..{hi}")
        return v

    def bool(self) -> bool:
        if not isinstance(self.doc, bool):
            raise self.fail(f"expected true or false, got {json.dumps(self.doc)}")
        return self.doc

    def str(self) -> str:
        if not isinstance(self.doc, str):
            raise self.fail(f"expected a string, got {json.dumps(self.doc)}")
        return self.doc

    def gem(self) -> Gem:
        v = self.str()
        if v not in {g.value for g in GEMS}:
            raise self.fail(f"unknown gem {v!r}; expected one of {', '.join(GEMS)}")
        return Gem(v)

    def counts(self) -> Counts:
        a, b, c, d = (r.int(0) for r in self.items(4))
        return (a, b, c, d)


def _params(r: _R) -> Params:
    known = {f.name for f in fields(Params)}
    if not isinstance(r.doc, dict):
        raise r.fail("expected an object")
    for key in r.doc:
        if key not in known:
            raise DocumentError(f"{r.path}.{key}", "unknown parameter")
    th = r["bonus_thresholds"].counts()
    tier = r["card_tier"].counts()
    for i, t in enumerate(tier):
        if not 1 <= t <= 4:
            raise DocumentError(f"params.card_tier[{i}]", f"{t} is out of range 1..4")
    mix = []
    for k, m in enumerate(r["deck_mix"].items(4)):
        w = m.counts()
        if sum(w) == 0:
            raise DocumentError(
                f"params.deck_mix[{k}]", "a tier needs at least one gem with a weight above 0"
            )
        mix.append(w)
    fam = []
    for lv in r["family_income"].items():
        cards, markers = (x.int(0) for x in lv.items(2))
        fam.append((cards, markers))
    if not fam:
        raise r["family_income"].fail("expected at least one level")
    path = []
    halls = r["king_path"].items()
    if not halls:
        raise r["king_path"].fail("expected at least one hall")
    for h in halls:
        exits = tuple(e.int(0, len(halls) - 1) for e in h["exits"].items())
        path.append(Hall(h["cost_gem"].gem(), h["cost"].int(0), exits))
    bonus_mode = r["empty_row_bonus"].str()
    if bonus_mode not in ("add", "replace"):
        raise r["empty_row_bonus"].fail(f"expected 'add' or 'replace', got {bonus_mode!r}")
    p = Params(
        card_threshold=r["card_threshold"].int(1),
        small_win_vp=r["small_win_vp"].int(0),
        bonus_thresholds=th,
        bonus_vp=r["bonus_vp"].int(0),
        income_cap=r["income_cap"].int(0),
        family_income=tuple(fam),
        bank_rate=r["bank_rate"].int(1),
        end_conversion=r["end_conversion"].int(1),
        start_cards=r["start_cards"].int(0),
        mine_slots=r["mine_slots"].int(2),
        empty_rows_2p=tuple(g.gem() for g in r["empty_rows_2p"].items()),
        empty_rows_3p=tuple(g.gem() for g in r["empty_rows_3p"].items()),
        empty_row_bonus=bonus_mode,
        deck_mix=tuple(mix),
        row_cards=r["row_cards"].int(0),
        card_income=r["card_income"].int(0),
        card_tier=tier,
        card_vp=r["card_vp"].int(0),
        family_max=r["family_max"].int(1, len(fam)),
        king_path=tuple(path),
    )
    return p


def from_dict(doc: Any) -> State:
    """Rebuild a state, checking every field.

    :raises DocumentError: naming the field path and the problem.
    """
    r = _R(doc)
    if r["schema"].str() != SCHEMA:
        raise r["schema"].fail(f"expected {SCHEMA!r}")
    if r["version"].int() != VERSION:
        raise r["version"].fail(f"this engine reads version {VERSION}")
    p = _params(r["params"])
    players_r = r["players"].items()
    if not 2 <= len(players_r) <= 4:
        raise r["players"].fail(f"expected 2-4 players, got {len(players_r)}")
    n = len(players_r)
    players = []
    for pr in players_r:
        imps = tuple(g.gem() for g in pr["improvements"].items())
        if len(imps) > p.mine_slots - 1:
            raise pr["improvements"].fail(
                f"a mine holds at most {p.mine_slots - 1} improvements besides the scroll"
            )
        players.append(
            PlayerState(
                name=pr["name"].str(),
                hand=pr["hand"].counts(),
                locked=pr["locked"].counts(),
                vp=pr["vp"].int(0),
                family=pr["family"].int(1, p.family_max),
                improvements=imps,
                upgraded=pr["upgraded"].bool(),
            )
        )
    phase_s = r["phase"].str()
    if phase_s not in {ph.value for ph in Phase}:
        raise r["phase"].fail(f"unknown phase {phase_s!r}; expected one of {', '.join(Phase)}")
    phase = Phase(phase_s)
    king = r["king"].int(0, len(p.king_path) - 1)
    mover = r["king_mover"].int(0, n - 1, null=True)
    if (phase is Phase.KING) != (mover is not None):
        raise r["king_mover"].fail("a seat in phase 'king' (the King's mover), null otherwise")
    trail = tuple(h.int(0, len(p.king_path) - 1) for h in r["king_trail"].items())
    if not trail or trail[-1] != king:
        raise r["king_trail"].fail(f"must end with the King's hall {king}")
    lots = []
    for lr in r["lots"].items():
        tied = tuple(t.int(0, n - 1) for t in lr["tied"].items())
        lots.append(
            LotResult(
                gem=lr["gem"].gem(),
                winner=lr["winner"].int(0, n - 1, null=True),
                bid=lr["bid"].int(0),
                card=lr["card"].bool(),
                vp=lr["vp"].int(0),
                bonus=lr["bonus"].bool(),
                tied=tied,
            )
        )
    if len(lots) not in (0, 4):
        raise r["lots"].fail(f"expected 0 or 4 lots, got {len(lots)}")
    bids = tuple(
        Bid(br["cards"].counts(), frozenset(g.gem() for g in br["vp_instead"].items()))
        for br in r["bids"].items()
    )
    if len(bids) not in (0, n):
        raise r["bids"].fail(f"expected 0 or {n} bids, got {len(bids)}")
    return State(
        params=p,
        seed=r["seed"].int(),
        players=tuple(players),
        round=r["round"].int(1),
        start=r["start"].int(0, n - 1),
        phase=phase,
        king=king,
        king_mover=mover,
        king_trail=trail,
        rows=r["rows"].counts(),
        discards=r["discards"].counts(),
        lots=tuple(lots),
        bids=bids,
    )
