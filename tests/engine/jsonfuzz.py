"""Mutated JSON state documents, for the loader's fuzz tests and ``bench/fuzz_json.py``.

Real positions come from seeded games (2-5 players, random legal actions); a mutation changes
one thing in a position's document (a value, a type, a deleted or duplicated key or list item,
two swapped values, a task pushed or dropped) or in its text (a huge integer, deep nesting, a
duplicate key, a unicode digit, a lone surrogate). :func:`judge` loads the result and says what
happened: refused with a ``DocumentError``, crashed with another exception, or accepted, in which
case the position is played on to the end with random legal actions, every state on the way being
saved and loaded again.
"""

from __future__ import annotations

import copy
import json
import random
import traceback
from dataclasses import dataclass
from typing import Any

import nidlib
from nidlib import DocumentError, State

Path = tuple[str | int, ...]


def positions(players: int, seed: int, every: int = 1, expansions: tuple[str, ...] = ()) -> list[State]:
    """Every ``every``-th state of a seeded game played with random legal actions."""
    s = nidlib.new_game(players, seed=seed, first_game=seed % 4 == 3, expansions=expansions)
    rng = random.Random(seed)
    out: list[State] = []
    k = 0
    while not s.is_over:
        if k % every == 0:
            out.append(s)
        k += 1
        s, _ = nidlib.apply(s, rng.choice(nidlib.legal_actions(s)))
    out.append(s)
    return out


def corpus(
    games_per_count: int = 2, every: int = 7, expansions: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    """Documents of real positions from seeded games for 2, 3, 4 and 5 players (a view now and then)."""
    docs: list[dict[str, Any]] = []
    for n in (2, 3, 4, 5):
        for g in range(games_per_count):
            for k, s in enumerate(positions(n, seed=100 * n + g, every=every, expansions=expansions)):
                docs.append(nidlib.state_to_dict(s))
                if k % 9 == 4:
                    docs.append(nidlib.state_to_dict(nidlib.view_for(s, k % n)))
    return docs


def _paths(node: Any, path: Path = ()) -> list[Path]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(node, list):
        for k, v in enumerate(node):
            out.extend(_paths(v, (*path, k)))
    return out


def _get(doc: Any, path: Path) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _set(doc: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


_CARDS = sorted(nidlib.CARDS)
_VALUES: list[Any] = [
    -1,
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    9,
    25,
    26,
    10**6,
    -(10**30),
    None,
    True,
    False,
    1.5,
    "",
    "x",
    "0",
    "3s",
    "5b",
    "²",
    "\x00",
    "\ud800",
    "Ana",
    [],
    {},
    [[[]]],
    ["pick", 0],
    ["bids"],
    ["round_start"],
    ["tavern_end", 0],
    ["hero", 1],
    ["transform", 0, 7, "grid"],
    ["discard", 0, 2, 1],
    ["trade_discard", 0, "h0", "h9"],
    ["pioneer", 0],
    "warrior",
    "kings-hand",
    "hunting-master",
    "armorer",
]
_TASKS = [v for v in _VALUES if isinstance(v, list) and v and isinstance(v[0], str)]
TEXT_ATTACKS = ("huge-int", "deep-nesting", "duplicate-key", "unicode-digit", "lone-surrogate", "huge-string")
DOC_MUTATIONS = ("replace", "delete", "duplicate", "swap", "card", "task", "task-arg", "number")
MUTATIONS = DOC_MUTATIONS + TEXT_ATTACKS


def mutate(doc: dict[str, Any], kind: str, rng: random.Random) -> str:
    """The JSON text of ``doc`` changed by one mutation of ``kind`` (``doc`` itself is not changed)."""
    d = copy.deepcopy(doc)
    paths = _paths(d)[1:]
    if kind in TEXT_ATTACKS:
        return _text_attack(d, kind, rng, paths)
    if kind == "replace":
        p = rng.choice(paths)
        d = _set(d, p, copy.deepcopy(rng.choice([*_VALUES, rng.choice(_CARDS)])))
    elif kind == "number":
        ints = [p for p in paths if isinstance(_get(d, p), int) and not isinstance(_get(d, p), bool)]
        if ints:
            p = rng.choice(ints)
            d = _set(d, p, _get(d, p) + rng.choice([-2, -1, 1, 2, 3]))
    elif kind == "delete":
        p = rng.choice(paths)
        parent = _get(d, p[:-1])
        del parent[p[-1]]
    elif kind == "duplicate":
        lists = [p for p in paths if isinstance(_get(d, p), list) and _get(d, p)]
        if lists:
            p = rng.choice(lists)
            lst = _get(d, p)
            lst.insert(rng.randrange(len(lst) + 1), copy.deepcopy(rng.choice(lst)))
    elif kind == "swap":
        a, b = rng.choice(paths), rng.choice(paths)
        if a[: len(b)] != b and b[: len(a)] != a:
            va, vb = copy.deepcopy(_get(d, a)), copy.deepcopy(_get(d, b))
            d = _set(d, a, vb)
            d = _set(d, b, va)
    elif kind == "card":
        cards = [p for p in paths if isinstance(_get(d, p), str) and _get(d, p) in nidlib.CARDS]
        if len(cards) >= 2:
            a, b = rng.sample(cards, 2)
            if rng.random() < 0.5:
                va, vb = _get(d, a), _get(d, b)
                d = _set(d, a, vb)
                d = _set(d, b, va)
            else:  # move a card somewhere else (one list loses it, another gains it)
                lists = [p for p in paths if isinstance(_get(d, p), list) and p and p[0] != "tasks"]
                va = _get(d, a)
                del _get(d, a[:-1])[a[-1]]
                target = _get(d, rng.choice(lists)) if lists else None
                if isinstance(target, list):
                    target.insert(rng.randrange(len(target) + 1), va)
    elif kind == "task":
        tasks = d["tasks"] if isinstance(d.get("tasks"), list) else []
        r = rng.random()
        if r < 0.3 and tasks:
            tasks.pop(rng.randrange(len(tasks)))
        elif r < 0.6 and len(tasks) >= 2:
            i, j = rng.sample(range(len(tasks)), 2)
            tasks[i], tasks[j] = tasks[j], tasks[i]
        else:
            tasks.insert(rng.randrange(len(tasks) + 1), copy.deepcopy(rng.choice(_TASKS)))
    elif kind == "task-arg":
        args = [p for p in paths if p and p[0] == "tasks" and len(p) == 3 and p[2] != 0]
        if args:
            p = rng.choice(args)
            v = _get(d, p)
            new = v + rng.choice([-1, 1, 2]) if isinstance(v, int) else rng.choice(["h0", "h1", "p1", "t0"])
            d = _set(d, p, new)
    return json.dumps(d, ensure_ascii=rng.random() < 0.5)


def _text_attack(d: dict[str, Any], kind: str, rng: random.Random, paths: list[Path]) -> str:
    marker = "__FUZZ__"
    p = rng.choice(paths)
    d = _set(d, p, marker)
    text = json.dumps(d)
    if kind == "huge-int":
        value = "9" * rng.choice([400, 4301, 5000, 20000])
    elif kind == "deep-nesting":
        depth = rng.choice([100, 1000, 50000])
        value = "[" * depth + "]" * depth
    elif kind == "duplicate-key":  # a key written twice: which one counts would be a guess
        key = rng.choice(["age", "round", "tavern", "viewer", "shuffles"])
        return text.replace(json.dumps(marker), "0").replace("{", f'{{"{key}": 1, ', 1)
    elif kind == "unicode-digit":
        value = json.dumps(rng.choice(["²", "١", "５", "1²"]))
        if rng.random() < 0.5:  # as an object key: the Treasury is keyed by value
            return text.replace(json.dumps(marker), "0").replace('"treasury": {', '"treasury": {"²": 1, ', 1)
    elif kind == "lone-surrogate":
        value = rng.choice(['"\\ud800"', '"Ana\\udfff"', '"\\udc00x"'])
        if rng.random() < 0.5:
            return (
                text.replace(json.dumps(marker), "0")
                .replace('"names": ["', '"names": ["\\ud800', 1)
                .replace('"name": "', '"name": "\\ud800', 1)
            )
    else:  # huge-string
        value = json.dumps("x" * rng.choice([1000, 100_000]))
    return text.replace(json.dumps(marker), value, 1)


@dataclass
class Verdict:
    outcome: str  # "refused", "crash" (not a DocumentError), "accepted", "broke" (later), "unsaveable"
    site: str = ""
    detail: str = ""


def _site(e: BaseException) -> str:
    tb = traceback.extract_tb(e.__traceback__)
    last = tb[-1] if tb else None
    where = f"{last.filename.rsplit('/', 1)[-1]}:{last.name}:{last.lineno}" if last else "?"
    return f"{type(e).__name__} at {where}"


def play_on(s: State, rng: random.Random, limit: int = 3000) -> Verdict:
    """Play ``s`` to the end with random legal actions; every state must save and load again."""
    for _ in range(limit):
        try:
            text = nidlib.to_json(s)
        except Exception as e:  # noqa: BLE001 (any other exception is the finding)
            return Verdict("broke", _site(e), f"to_json: {e!r}"[:300])
        try:
            back = nidlib.from_json(text)
        except DocumentError as e:
            return Verdict("unsaveable", str(e.path), str(e)[:300])
        except Exception as e:  # noqa: BLE001 (any other exception is the finding)
            return Verdict("broke", _site(e), f"from_json of a played-on state: {e!r}"[:300])
        if back != s:
            return Verdict("unsaveable", "round trip", "state_from_dict(state_to_dict(s)) != s")
        if s.is_over:
            return Verdict("accepted")
        try:
            nidlib.decision(s)
            acts = nidlib.legal_actions(s)
            if not acts:
                return Verdict("broke", "legal_actions", f"no legal action for {s.tasks[-1]}")
            s, _ = nidlib.apply(s, rng.choice(acts))
        except Exception as e:  # noqa: BLE001 (any other exception is the finding)
            return Verdict("broke", _site(e), repr(e)[:300])
    return Verdict("broke", "limit", f"not over after {limit} actions")


def judge(text: str, rng: random.Random) -> Verdict:
    """Load ``text``: refused, crashed, or accepted and then played on (views: only reloaded)."""
    try:
        s = nidlib.from_json(text)
    except DocumentError:
        return Verdict("refused")
    except Exception as e:  # noqa: BLE001 (any other exception is the finding)
        return Verdict("crash", _site(e), repr(e)[:300])
    if s.viewer is not None:  # a view cannot be played on (nidlib.apply refuses it): reload it only
        try:
            back = nidlib.from_json(nidlib.to_json(s))
        except Exception as e:  # noqa: BLE001 (any other exception is the finding)
            return Verdict("unsaveable", _site(e), repr(e)[:300])
        return Verdict("accepted") if back == s else Verdict("unsaveable", "view round trip")
    return play_on(s, rng)
