"""Pure HTML renderers for the tutor's pictures, in the manner of ``chess/svg.py``.

Every function takes plain nidlib values (card ids, coins, a state or a *view*,
events, a score table) and returns an HTML string that uses the ``nt-`` CSS
classes of :mod:`widgets.theme`. Nothing here holds state or imports
ipywidgets, so the pictures are tested as strings and can be shown anywhere
(``IPython.display.HTML``, an ``ipywidgets.HTML``, a static page).

Cards are drawn in code: a class colour and symbol, one pip per rank showing
its bravery points, hero names, titles and a one-line ability from the message
catalogue (``nidlib/locales/<lang>/ui.json``). Every card, coin and gem carries
an ``aria-label`` so a screen reader says e.g. "Warrior card, 7 bravery points".

Hidden information: the board renderers draw what the given state holds. Pass
``nidlib.view_for(state, seat)`` (as :class:`widgets.Controller` does) and the
other players' unrevealed coins are drawn as coin backs with no value anywhere
in the HTML.

All user-visible words come from the message catalogue; ``lang=None`` means the
language chosen with ``nidlib.set_language``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, assert_never

import nidlib
from nidlib.core.actions import (
    Capture,
    ChooseClass,
    ChooseOlrun,
    DiscardCard,
    Enlist,
    EnlistOrder,
    Frigg,
    FriggKeep,
    HrungnirCoin,
    IdavollAction,
    KeepMyth,
    Odin,
    PlaceDoubles,
    PlaceGullinbursti,
    Reserve,
    Swap,
    TakeCamp,
    TakeDiscarded,
    TavernDiscard,
    ThingvellirAction,
    Thor,
    Vidofnir,
)
from nidlib.core.cards import (
    ARTIFACT_AGE,
    CARDS,
    CLASSES,
    DISTINCTION_NAMES,
    DWERGS,
    GIANT_CLASS,
    GIANTS,
    HEROES,
    VALKYRIE_TRACK,
    VALKYRIES,
    YLUD_BRAVERY,
    Card,
    CardKind,
    DwarfClass,
    valkyrie_value,
)
from nidlib.core.coins import Coin, CoinKind
from nidlib.core.events import Event
from nidlib.core.messages import render as msg
from nidlib.core.messages import term
from nidlib.core.places import coin_at, parse_place
from nidlib.core.state import Player, State
from nidlib.rules.scoring import CATEGORIES
from widgets import ruletext

__all__ = [
    "CLASS_COLOURS",
    "action_label",
    "army_html",
    "camp_html",
    "card_html",
    "card_name",
    "class_icon",
    "coin_html",
    "coin_label",
    "command_zone_html",
    "events_html",
    "gem_html",
    "hero_row_html",
    "heroes_html",
    "myth_token_html",
    "mythology_html",
    "player_board_html",
    "rule_html",
    "score_sheet_html",
    "status_html",
    "t",
    "tavern_row_html",
    "taverns_html",
    "treasury_html",
    "violation_html",
]

#: Class colours (also defined as CSS variables in :mod:`widgets.theme`); all pass WCAG AA on white text.
CLASS_COLOURS: dict[str, str] = {
    "warrior": "#c62828",
    "hunter": "#2e7d32",
    "miner": "#b45309",
    "blacksmith": "#6a1b9a",
    "explorer": "#1565c0",
    "neutral": "#546e7a",
    "offering": "#a16207",
    "artifact": "#00695c",
    "mercenary": "#37474f",
    "double": "#5d4037",
    "god": "#8a5a00",
    "giant": "#3e4a61",
    "valkyrie": "#ad1457",
    "gullinbursti": "#9a6700",
}

# Small line icons (24x24, stroke = currentColor) so that no font or artwork is needed.
_ICONS: dict[str, str] = {
    # crossed swords
    "warrior": '<path d="M4 4 L15 15 M20 4 L9 15 M13 17 L17 13 M7 13 L11 17 M15 15 L19 19 M9 15 L5 19"/>',
    # bow and arrow
    "hunter": '<path d="M6 3 C16 6 16 18 6 21 M6 3 L6 21 M3 12 L21 12 M17 8 L21 12 L17 16"/>',
    # pickaxe
    "miner": '<path d="M4 8 C9 3 15 3 20 8 M12 5 L12 21"/>',
    # hammer
    "blacksmith": '<path d="M5 5 H15 V10 H5 Z M10 10 V21 M15 7 H19"/>',
    # compass
    "explorer": '<circle cx="12" cy="12" r="9"/><path d="M12 5 L14.5 12 L12 19 L9.5 12 Z"/>',
    # star (neutral heroes)
    "neutral": '<path d="M12 3 L14.6 9 L21 9.5 L16 13.8 L17.6 20 L12 16.6 L6.4 20 L8 13.8 L3 9.5 L9.4 9 Z"/>',
    # crown (Royal Offering)
    "offering": '<path d="M3 18 L5 7 L9.5 12 L12 5 L14.5 12 L19 7 L21 18 Z"/>',
    # an amulet on its chain (Thingvellir artifacts)
    "artifact": '<path d="M6 3 L12 10 L18 3"/><path d="M12 10 L17 15 L12 21 L7 15 Z"/><circle cx="12" cy="15" r="1.5"/>',
    # a round shield (Thingvellir mercenaries)
    "mercenary": '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="2.5"/><path d="M12 3 V9.5 M12 14.5 V21"/>',
    # two overlapping masks (Olwyn's doubles)
    "double": '<circle cx="9" cy="11" r="6"/><circle cx="15" cy="13" r="6"/>',
    # Idavoll: a lightning bolt (Gods), a mountain (Giants), a wing (Valkyries), a boar (Gullinbursti)
    "god": '<path d="M13 2 L5 13 H11 L10 22 L19 10 H13 Z"/>',
    "giant": '<path d="M3 20 L9 8 L13 14 L16 10 L21 20 Z"/>',
    "valkyrie": '<path d="M3 18 C6 8 14 4 21 4 C18 8 16 10 12 11 C15 12 17 12 19 12 C15 16 9 18 3 18 Z"/>',
    "gullinbursti": '<ellipse cx="11" cy="13" rx="8" ry="5"/><path d="M19 12 L22 13 M7 18 V21 M15 18 V21 M7 8 L9 6 L11 8 L13 6 L15 8"/>',
}


def t(key: str, lang: str | None = None, **params: Any) -> str:
    """One catalogue sentence (not escaped)."""
    return msg(key, params, lang)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def each_in(tag: str, texts: Iterable[str], attrs: str = "") -> str:
    """Each text escaped in its own ``<tag attrs>`` element, joined: a table's header cells, list items.

    >>> each_in("th", ["A", "B<"], 'scope="col"')
    '<th scope="col">A</th><th scope="col">B&lt;</th>'
    """
    start = f"<{tag} {attrs}>" if attrs else f"<{tag}>"
    return "".join(f"{start}{_e(x)}</{tag}>" for x in texts)


def class_icon(kind: str, *, size: int = 18) -> str:
    """An inline SVG symbol for a class (``"warrior"``...), ``"neutral"`` or ``"offering"``."""
    body = _ICONS.get(kind, _ICONS["neutral"])
    return (
        f'<svg class="nt-icon" width="{size}" height="{size}" viewBox="0 0 24 24" fill="none" '
        f'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
        f'aria-hidden="true" focusable="false">{body}</svg>'
    )


# --- cards ------------------------------------------------------------------------------------


def _hero_ability(c: Card, lang: str | None) -> str:
    key = "ui.hero.dwerg" if c.id in DWERGS else f"ui.hero.{c.id}"
    return t(key, lang)


def _card_ranks(cid: str, column: DwarfClass | None = None) -> tuple[int, ...]:
    if cid == "ylud" and column is not None:
        return (YLUD_BRAVERY[column],)
    c = CARDS.get(cid)
    if c is None:
        return ()
    if c.kind is CardKind.MERCENARY and column is not None:  # 1 rank of its column (X-TH-MERC-1)
        return tuple(bp for cls, bp in c.options if cls == column)[:1] or (0,)
    if c.kind in (CardKind.DOUBLE, CardKind.GULLINBURSTI):  # 1 rank, 0 bravery points (X-TH-HERO-OLWYN-2,
        return (0,)  # X-ID-ANIMAL-HREASVELG-2)
    return c.ranks


def _card_kind(c: Card, column: DwarfClass | None = None) -> str:
    if c.kind is CardKind.ROYAL_OFFERING:
        return "offering"
    if c.kind in (CardKind.MERCENARY, CardKind.DOUBLE, CardKind.GULLINBURSTI) and column is not None:
        return str(column)  # enlisted / placed: a rank of the column it sits in
    if c.kind in _MYTH_KINDS:  # Idavoll: Gods, Giants, Valkyries, Gullinbursti aside (RULES.md A.2.1)
        return c.kind.value
    if c.kind is CardKind.MERCENARY:
        return "mercenary"
    if c.kind is CardKind.DOUBLE:
        return "double"
    if c.kind is CardKind.ARTIFACT and c.cls is None:
        return "artifact"
    cls = c.cls or (column if c.id == "ylud" else None)
    return str(cls) if cls is not None else "neutral"


def _pips(cls: str, ranks: Sequence[int], lang: str | None) -> str:
    show_bp = cls in ("warrior", "miner", "explorer")
    out = []
    for bp in ranks:
        title = t("ui.pip.title", lang, bp=bp) if show_bp else t("ui.pip.title-rank", lang)
        out.append(f'<span class="nt-pip" title="{_e(title)}">{bp if show_bp else ""}</span>')
    return f'<span class="nt-pips">{"".join(out)}</span>'


_KEEP_VALUE = re.compile(r"(?<=[^\W\d]) (?=\d)")
"""The space between a word and the number that follows it ("Warrior 6", "戰士 9")."""


def _option_text(cls: DwarfClass, bp: int, lang: str | None) -> str:
    """One class a Mercenary may be enlisted into: "Warrior 6", "Hunter" (no bravery points)."""
    name = term(f"@class.{cls}", lang)
    if cls in ("hunter", "blacksmith"):
        return t("ui.merc.option-nobp", lang, cls=name)
    return t("ui.merc.option", lang, cls=name, bp=bp)


def card_name(card_id: str, lang: str | None = None) -> str:
    """A card's name for labels: "Warrior 7", "Kraal", "Mjöllnir", "Mercenary (Warrior 6 or Explorer 8)"."""
    c = CARDS.get(card_id)
    if c is not None and c.kind is CardKind.MERCENARY:
        a, b = (_option_text(cls, bp, lang) for cls, bp in c.options[:2])
        return t("ui.merc.name", lang, a=a, b=b)
    if c is not None and c.kind is CardKind.DOUBLE:
        return t("ui.card.double", lang)
    return term(f"@card.{card_id}", lang)


def card_aria(card_id: str, lang: str | None = None, *, column: DwarfClass | None = None) -> str:
    """The spoken description of a card, e.g. ``"Warrior card, 7 bravery points"``."""
    c = CARDS.get(card_id)
    if c is None:
        name = _distinction_name(card_id, lang)
        return t("ui.aria.card.distinction", lang, name=name)
    if c.kind is CardKind.DWARF:
        cls = term(f"@class.{c.cls}", lang)
        if c.cls in ("hunter", "blacksmith"):
            return t("ui.aria.card.dwarf-nobp", lang, cls=cls)
        return t("ui.aria.card.dwarf", lang, cls=cls, bp=c.ranks[0])
    if c.kind is CardKind.ROYAL_OFFERING:
        return t("ui.aria.card.offering", lang, n=c.offering)
    if c.kind is CardKind.ARMORER:
        return t("ui.aria.card.armorer", lang)
    if c.kind is CardKind.ARTIFACT:
        return t(
            "ui.aria.card.artifact",
            lang,
            name=card_name(c.id, lang),
            age=t(f"ui.age.{ARTIFACT_AGE.get(c.id, 1)}", lang),
            ability=t(f"ui.artifact.{c.id}", lang),
        )
    if c.kind is CardKind.MERCENARY:
        if column is not None:
            return t(
                "ui.aria.card.mercenary-enlisted",
                lang,
                option=_option_text(column, _card_ranks(c.id, column)[0], lang),
            )
        a, b = (_option_text(cls, bp, lang) for cls, bp in c.options[:2])
        return t("ui.aria.card.mercenary", lang, a=a, b=b)
    if c.kind is CardKind.DOUBLE:
        if column is not None:
            return t("ui.aria.card.double-placed", lang, cls=term(f"@class.{column}", lang))
        return t("ui.aria.card.double", lang)
    if c.kind in _MYTH_KINDS or c.kind is CardKind.ANIMAL:
        return _myth_aria(c, column, lang)
    kind = _card_kind(c, column)
    cls = (
        term(f"@class.{kind}", lang)
        if kind in CLASS_COLOURS and kind not in ("neutral", "artifact", "mercenary", "double")
        else t("ui.class.neutral", lang)
    )
    return t(
        "ui.aria.card.hero",
        lang,
        name=c.name,
        title=hero_title(c, lang),
        cls=cls,
        ability=_hero_ability(c, lang),
    )


def _distinction_name(card_id: str, lang: str | None) -> str:
    for d, name in DISTINCTION_NAMES.items():
        if d.value == card_id:
            return term(f"@distinction.{card_id}", lang) if card_id else name
    return card_id


def card_html(
    card_id: str,
    *,
    size: str = "md",
    selectable: bool = False,
    lang: str | None = None,
    column: DwarfClass | None = None,
) -> str:
    """One card drawn in code.

    ``size`` is ``"sm"``, ``"md"`` or ``"lg"``; ``selectable`` makes it focusable with a hover ring.
    ``column`` is the column a card sits in (only Ylud's colour and rank depend on it).
    Distinction ids (``"kings-hand"``) are drawn as distinction cards.
    """
    c = CARDS.get(card_id)
    sel = ' tabindex="0"' if selectable else ""
    extra = " nt-selectable" if selectable else ""
    aria = _e(card_aria(card_id, lang, column=column))
    if c is None:  # a distinction card
        name = _e(_distinction_name(card_id, lang))
        return (
            f'<div class="nt-card nt-card-{size} nt-k-distinction{extra}" role="img" aria-label="{aria}"'
            f' data-card="{_e(card_id)}"{sel}><div class="nt-card-head">{class_icon("offering")}</div>'
            f'<div class="nt-card-name">{name}</div></div>'
        )
    kind = _card_kind(c, column)
    head_label: str
    body: str
    foot = ""
    if c.kind is CardKind.ARTIFACT:
        age = t(f"ui.age.{ARTIFACT_AGE.get(c.id, 1)}", lang)
        head_label = t("ui.card.artifact", lang)
        ranks = _card_ranks(c.id)
        body = (
            _pips(str(c.cls), ranks, lang)
            if c.cls is not None and ranks
            else f'<span class="nt-artifact-mark">{class_icon("artifact", size=30)}</span>'
        )
        body += f'<span class="nt-card-age">{_e(age)}</span>'
        foot = (
            f'<div class="nt-card-name">{_e(card_name(c.id, lang))}</div>'
            f'<div class="nt-card-ability">{_e(t(f"ui.artifact.{c.id}", lang))}</div>'
        )
    elif c.kind is CardKind.MERCENARY and column is None:
        head_label = t("ui.card.mercenary", lang)
        opts = []
        for cls, _bp in c.options[:2]:
            label = term(f"@class.{cls}", lang)
            opts.append(
                f'<div class="nt-merc-opt nt-k-{cls}" title="{_e(label)}">{class_icon(str(cls), size=14)}'
                f'<span class="nt-merc-cls">{_e(label)}</span>{_pips(str(cls), _card_ranks(c.id, cls), lang)}</div>'
            )
        or_ = f'<div class="nt-merc-or">{_e(t("ui.merc.or", lang))}</div>'
        body = f'<div class="nt-merc-opts">{or_.join(opts)}</div>'
        foot = f'<div class="nt-card-ability">{_e(t("ui.card.mercenary.ability", lang))}</div>'
    elif c.kind in (CardKind.MERCENARY, CardKind.DOUBLE):  # in a column: 1 rank of that class
        head_label = term(f"@class.{kind}", lang) if column is not None else t("ui.card.double-short", lang)
        body = _pips(kind, _card_ranks(c.id, column), lang)
        name = t("ui.card.mercenary", lang) if c.kind is CardKind.MERCENARY else t("ui.card.double", lang)
        foot = f'<div class="nt-card-name">{_e(name)}</div>'
        if c.kind is CardKind.DOUBLE and column is None:
            foot += f'<div class="nt-card-ability">{_e(t("ui.card.double.ability", lang))}</div>'
    elif c.kind in _MYTH_KINDS or c.kind is CardKind.ANIMAL:
        head_label, body, foot = _myth_face(c, column, lang)
    elif c.kind is CardKind.DWARF:
        head_label = term(f"@class.{c.cls}", lang)
        body = _pips(kind, c.ranks, lang)
    elif c.kind is CardKind.ROYAL_OFFERING:
        head_label = t("ui.card.offering", lang)
        body = f'<span class="nt-offering">+{c.offering}</span>'
        foot = f'<div class="nt-card-ability">{_e(t("ui.card.offering.ability", lang, n=c.offering))}</div>'
    elif c.kind is CardKind.ARMORER:
        head_label = term("@class.blacksmith", lang)
        body = _pips(kind, c.ranks, lang)
        foot = f'<div class="nt-card-name">{_e(t("ui.card.armorer", lang))}</div>'
    else:
        head_label = term(f"@class.{kind}", lang) if kind != "neutral" else t("ui.card.hero", lang)
        ranks = _card_ranks(c.id, column)
        body = _pips(kind, ranks, lang) if ranks and kind != "neutral" else ""
        foot = (
            f'<div class="nt-card-name">{_e(c.name)}</div><div class="nt-card-title">{_e(hero_title(c, lang))}</div>'
            f'<div class="nt-card-ability">{_e(_hero_ability(c, lang))}</div>'
        )
    hero = " nt-hero" if c.kind is CardKind.HERO else ""
    if c.kind in _FACE_KINDS:
        hero = f" nt-{c.kind.value}" + (
            " nt-myth" if c.kind in _MYTH_KINDS or c.kind is CardKind.ANIMAL else ""
        )
    tip = f' title="{aria}"' if c.kind in _FACE_KINDS else ""
    return (
        f'<div class="nt-card nt-card-{size} nt-k-{kind}{hero}{extra}" role="img" aria-label="{aria}"{tip}'
        f' data-card="{_e(card_id)}"{sel}>'
        f'<div class="nt-card-head">{class_icon(kind)}<span title="{_e(head_label)}">{_e(head_label)}</span></div>'
        f'<div class="nt-card-body">{body}</div>{foot}</div>'
    )


# --- Idavoll: the Mythology cards and Gullinbursti (RULES.md A.2.1) ------------------------------

#: the card kinds drawn with their own colour: Gods, Giants, Valkyries, and Gullinbursti before it is placed
_MYTH_KINDS = frozenset({CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE, CardKind.GULLINBURSTI})
#: card kinds whose face says what they do (a tooltip repeats it)
_FACE_KINDS = frozenset(
    {CardKind.ARTIFACT, CardKind.MERCENARY, CardKind.DOUBLE, CardKind.ANIMAL, *_MYTH_KINDS}
)


def _track_html(valkyrie: str, k: int | None = None, lang: str | None = None) -> str:
    """A Valkyrie's printed track, top notch first (X-ID-9); with ``k`` the notch her token is on."""
    cells = []
    track = VALKYRIE_TRACK[valkyrie]
    at = None if k is None else min(k, len(track) - 1)
    for j, v in enumerate(track):
        on = " nt-notch-on" if j == at else ""
        cells.append(f'<span class="nt-notch{on}">{v}</span>')
    label = "" if at is None else f' aria-label="{_e(_valkyrie_state(valkyrie, k or 0, lang))}" role="img"'
    return f'<span class="nt-track"{label}>{"".join(cells)}</span>'


def _track_text(valkyrie: str) -> str:
    return " → ".join(str(v) for v in VALKYRIE_TRACK[valkyrie])


def _valkyrie_state(valkyrie: str, k: int, lang: str | None) -> str:
    return t("ui.token.valkyrie", lang, k=k, points=valkyrie_value(valkyrie, k))


def _myth_ability(c: Card, lang: str | None) -> str:
    return t(f"ui.myth.{c.id}", lang)


def _myth_aria(c: Card, column: DwarfClass | None, lang: str | None) -> str:
    """The spoken description of a Mythology card or Gullinbursti: what it is and what it does."""
    ability = _myth_ability(c, lang)
    if c.kind is CardKind.ANIMAL:
        return t("ui.aria.card.animal", lang, name=c.name, cls=term(f"@class.{c.cls}", lang), ability=ability)
    if c.kind is CardKind.GULLINBURSTI:
        if column is not None:
            return t("ui.aria.card.gullinbursti-placed", lang, cls=term(f"@class.{column}", lang))
        return t("ui.aria.card.gullinbursti", lang, ability=ability)
    if c.kind is CardKind.GOD:
        return t("ui.aria.card.god", lang, name=c.name, points=c.points, ability=ability)
    if c.kind is CardKind.GIANT:
        cls = term(f"@class.{GIANT_CLASS[c.id]}", lang)
        return t("ui.aria.card.giant", lang, name=c.name, cls=cls, ability=ability)
    return t("ui.aria.card.valkyrie", lang, name=c.name, ability=ability, track=_track_text(c.id))


def _myth_face(c: Card, column: DwarfClass | None, lang: str | None) -> tuple[str, str, str]:
    """(head label, body, foot) of a Mythology card's face (X-ID-ANIMAL/GOD/GIANT/VALK tables)."""
    name = f'<div class="nt-card-name">{_e(c.name)}</div>'
    ability = f'<div class="nt-card-ability">{_e(_myth_ability(c, lang))}</div>'
    if c.kind is CardKind.ANIMAL:
        head = t("ui.card.animal", lang, cls=term(f"@class.{c.cls}", lang))
        return head, _pips(str(c.cls), c.ranks, lang), name + ability
    if c.kind is CardKind.GULLINBURSTI:
        if column is not None:  # placed: 1 rank of its column (X-ID-ANIMAL-HREASVELG-2)
            return term(f"@class.{column}", lang), _pips(str(column), (0,), lang), name
        mark = f'<span class="nt-myth-mark">{class_icon("gullinbursti", size=30)}</span>'
        return t("ui.card.gullinbursti", lang), mark, name + ability
    if c.kind is CardKind.GOD:
        pts = t("ui.card.god-points", lang, points=c.points)
        body = f'<span class="nt-myth-points" title="{_e(pts)}">{c.points}</span>'
        return t("ui.card.god", lang), body, name + ability
    if c.kind is CardKind.GIANT:
        cls = str(GIANT_CLASS[c.id])
        label = t("ui.card.giant-captures", lang, cls=term(f"@class.{cls}", lang))
        body = (
            f'<span class="nt-giant-prey nt-k-{cls}" title="{_e(label)}">{class_icon(cls, size=22)}'
            f"<small>{_e(label)}</small></span>"
        )
        return t("ui.card.giant", lang), body, name + ability
    return t("ui.card.valkyrie", lang), _track_html(c.id, lang=lang), name + ability


# --- coins, gems, treasury ---------------------------------------------------------------------


def coin_label(coin: Coin, lang: str | None = None) -> str:
    """Short text for a coin: ``"5 (basic)"``, ``"13 (gold)"``, ``"3 (green)"``."""
    return t(f"ui.coin.{coin.kind.value}", lang, value=coin.value)


def coin_html(coin: Coin | None, face_up: bool = True, *, lang: str | None = None, own: bool = False) -> str:
    """A coin token. Face down it shows a back and no value at all.

    ``own=True`` draws a face-down coin its owner may see: value shown, dashed rim.
    ``coin=None`` draws an empty space.
    """
    if coin is None:
        return f'<span class="nt-coin nt-coin-empty" role="img" aria-label="{_e(t("ui.aria.empty-space", lang))}"></span>'
    if not face_up and not own:
        return f'<span class="nt-coin nt-coin-back" role="img" aria-label="{_e(t("ui.aria.coin.back", lang))}"></span>'
    kind = coin.kind.value
    aria = t(f"ui.aria.coin.{kind}", lang, value=coin.value)
    cls = f"nt-coin nt-coin-{kind}"
    if not face_up:
        cls += " nt-coin-own"
        aria = t("ui.aria.coin.hidden-own", lang, coin=aria)
    return f'<span class="{cls}" role="img" aria-label="{_e(aria)}">{coin.value}</span>'


def gem_html(value: int, *, lang: str | None = None) -> str:
    """A gem token with its value (gem 6 is the Crown Jeweler's)."""
    six = " nt-gem-6" if value == 6 else ""
    return f'<span class="nt-gem{six}" role="img" aria-label="{_e(t("ui.aria.gem", lang, value=value))}"><span>{value}</span></span>'


def treasury_html(treasury: dict[int, int], *, lang: str | None = None) -> str:
    """The Royal Treasure: every gold value 5-25 with the number of coins left (none left: greyed)."""
    cells = []
    for value in range(5, 26):
        n = treasury.get(value, 0)
        gone = " nt-gone" if n <= 0 else ""
        aria = _e(t("ui.treasury.aria", lang, value=value, count=n))
        cells.append(
            f'<div class="nt-treasury-cell{gone}" role="img" aria-label="{aria}">'
            f'<span class="nt-coin nt-coin-royal nt-coin-sm">{value}</span><span class="nt-count">×{n}</span></div>'
        )
    total = sum(v for v in treasury.values() if v > 0)
    return (
        f'<section class="nt-treasury"><h4>{_e(t("ui.treasury.title", lang))} '
        f"<small>{_e(t('ui.treasury.left', lang, count=total))}</small></h4>"
        f'<div class="nt-treasury-grid">{"".join(cells)}</div></section>'
    )


# --- taverns and boards ------------------------------------------------------------------------


def tavern_row_html(state: State, t_index: int, *, lang: str | None = None, size: str = "md") -> str:
    """One tavern: its sign and its cards; the tavern being resolved is highlighted."""
    current = state.tavern == t_index
    cls = "nt-tavern nt-tavern-current" if current else "nt-tavern"
    resolved = state.tavern > t_index
    if resolved:
        cls += " nt-tavern-resolved"
    cards = "".join(_tavern_card(state, cid, size, lang) for cid in state.taverns[t_index])
    if not cards:
        cards = f'<span class="nt-muted">{_e(t("ui.tavern.empty", lang))}</span>'
    badge = f' <span class="nt-badge">{_e(t("ui.tavern.current", lang))}</span>' if current else ""
    return (
        f'<section class="{cls}" data-tavern="{t_index}"><h4 class="nt-tavern-sign">'
        f'{_e(term(f"@tavern.{t_index}", lang))}{badge}</h4><div class="nt-cards">{cards}</div></section>'
    )


def _tavern_card(state: State, cid: str, size: str, lang: str | None) -> str:
    """A tavern card; the one Loki's Power token lies on says so, and for whom (X-ID-GOD-LOKI-1)."""
    html = card_html(cid, size=size, lang=lang)
    part = state.idavoll
    if part is None or not part.loki or part.loki != cid:
        return html
    owner = next((p.name for p in state.players if "loki" in p.command_zone), "")
    note = t("ui.tavern.loki", lang, name=owner)
    return (
        f'<div class="nt-loki-mark">{html}<span class="nt-badge nt-badge-loki">'
        f"{class_icon('god', size=14)} {_e(note)}</span></div>"
    )


def taverns_html(state: State, *, lang: str | None = None) -> str:
    """All three taverns side by side."""
    return f'<div class="nt-taverns">{"".join(tavern_row_html(state, k, lang=lang) for k in range(3))}</div>'


def player_board_html(view: State, i: int, *, lang: str | None = None) -> str:
    """Player ``i``'s board: gem, three tavern spaces, the pouch and the coins in hand.

    Coins are drawn face up once revealed; unrevealed coins are drawn face up only for their
    owner (``view.viewer == i``, dashed rim) or in an omniscient state (``view.viewer is None``).
    In a view, other players' unrevealed coins are absent from ``view`` and drawn as backs.
    """
    p = view.players[i]
    knows = view.viewer is None or view.viewer == i
    spaces = []
    hidden_backs = 0
    for k in range(5):
        coin = p.slots[k]
        if coin is not None:
            face_up = p.revealed[k]
            html = coin_html(coin, face_up, lang=lang, own=knows and not face_up)
        elif view.viewer is not None and view.viewer != i and _unrevealed_space(view, p, k):
            html = coin_html(Coin(0, CoinKind.BASIC), False, lang=lang)
            hidden_backs += 1
        else:
            html = coin_html(None, lang=lang)
        spaces.append(html)
    taverns = "".join(
        f'<div class="nt-space"><span class="nt-space-label">{_e(term(f"@tavern.{k}", lang))}</span>{spaces[k]}</div>'
        for k in range(3)
    )
    pouch = (
        f'<div class="nt-space nt-pouch"><span class="nt-space-label">{_e(t("ui.board.pouch", lang))}</span>'
        f"{spaces[3]}{spaces[4]}</div>"
    )
    hand_coins = p.hand if (knows or not _hand_secret(p)) else []
    backs = max(0, len(p.hidden) - hidden_backs)
    hand_html = "".join(coin_html(c, lang=lang) for c in hand_coins)
    hand_html += "".join(coin_html(Coin(0, CoinKind.BASIC), False, lang=lang) for _ in range(backs))
    if not hand_html:
        hand_html = f'<span class="nt-muted">{_e(t("ui.board.no-hand", lang))}</span>'
    you = f' <span class="nt-badge">{_e(t("ui.board.you", lang))}</span>' if view.viewer == i else ""
    acting = (
        f' <span class="nt-badge nt-badge-act">{_e(t("ui.board.to-act", lang))}</span>'
        if i in nidlib.to_act(view)
        else ""
    )
    return (
        f'<section class="nt-board" data-player="{i}"><header class="nt-board-head">'
        f'<span class="nt-player-name">{_e(p.name)}</span>{you}{acting}'
        f'<span class="nt-board-gem">{_e(t("ui.board.gem", lang))} {gem_html(p.gem, lang=lang)}</span></header>'
        f'<div class="nt-spaces">{taverns}{pouch}</div>'
        f'<div class="nt-hand"><span class="nt-space-label">{_e(t("ui.board.hand", lang))}</span>{hand_html}</div>'
        f"</section>"
    )


def _hand_secret(p: Player) -> bool:
    return "uline" in p.heroes


def _unrevealed_space(view: State, p: Player, k: int) -> bool:
    """Whether space ``k`` of another player holds a coin the viewer cannot see."""
    if not p.hidden or p.revealed[k] or _hand_secret(p) or not p.bid_done:
        return False
    return not (k < 3 and view.tavern > k)


def _column_cells(p: Player, ci: int, lang: str | None) -> list[tuple[str, str, int, bool]]:
    """(card id or "thrud", kind, bravery points, first rank of the card) for each rank of a column."""
    cls = CLASSES[ci]
    cells: list[tuple[str, str, int, bool]] = []
    for cid in p.columns[ci]:
        c = CARDS.get(str(cid))
        kind = _card_kind(c, cls) if c is not None else str(cls)
        for r, bp in enumerate(_card_ranks(str(cid), cls)):
            cells.append((str(cid), kind, bp, r == 0))
    if p.thrud == ci:
        cells.append(("thrud", "neutral", 0, True))
    return cells


def _short_name(cid: str, lang: str | None) -> str:
    if cid == "thrud":
        return t("ui.army.thrud", lang)
    c = CARDS.get(cid)
    if c is None:
        return cid
    if c.kind is CardKind.HERO:
        return c.name
    if c.kind is CardKind.ARMORER:
        return t("ui.card.armorer", lang)
    if c.kind is CardKind.MERCENARY:
        return t("ui.card.mercenary", lang)
    return card_name(cid, lang)


def army_html(player: Player, *, lang: str | None = None) -> str:
    """The five class columns as rank cells; complete lines are banded across the columns.

    The header says "lines L vs heroes H" (the golden rule, R-RECRUIT-1).
    """
    n_lines = nidlib.lines(player)
    heroes = len(player.heroes)
    columns = [_column_cells(player, ci, lang) for ci in range(5)]
    depth = max([len(c) for c in columns] + [1])
    head = "".join(
        f'<div class="nt-army-head nt-k-{cls}">{class_icon(cls)}<span>{_e(term(f"@class.{cls}", lang))}</span>'
        f"<small>{_e(t('ui.army.ranks', lang, ranks=len(columns[ci])))}</small></div>"
        for ci, cls in enumerate(CLASSES)
    )
    rows = []
    for r in range(depth):
        band = r < n_lines
        row_cls = "nt-army-row nt-line-complete" if band else "nt-army-row"
        label = f' aria-label="{_e(t("ui.army.line-band", lang, n=r + 1))}"' if band else ""
        cells = []
        for ci, cls in enumerate(CLASSES):
            col = columns[ci]
            if r >= len(col):
                cells.append('<div class="nt-army-cell nt-army-void"></div>')
                continue
            cid, kind, bp, first = col[r]
            show_bp = kind in ("warrior", "miner", "explorer") or (
                cid == "ylud" and cls in ("warrior", "miner", "explorer")
            )
            pip = f'<span class="nt-pip">{bp if show_bp else ""}</span>'
            short = _short_name(cid, lang)
            name = (  # a card's later ranks (Kraal's second, a double...) name their card too
                f'<span class="nt-army-name">{_e(short)}</span>'
                if first
                else f'<span class="nt-army-name nt-army-more">{_e(t("ui.army.more-rank", lang, name=short))}</span>'
            )
            extra = (
                " nt-thrud"
                if cid == "thrud"
                else (" nt-hero" if CARDS.get(cid) and CARDS[cid].is_hero else "")
            )
            if _is_kind(cid, CardKind.ANIMAL) or _is_kind(cid, CardKind.GULLINBURSTI):
                extra += " nt-animal"  # Idavoll: a mythical Animal's ranks (X-ID-5)
            aria = _e(t("ui.army.thrud", lang) if cid == "thrud" else card_aria(cid, lang, column=cls))
            cells.append(
                f'<div class="nt-army-cell nt-k-{kind}{extra}" role="img" aria-label="{aria}" data-card="{_e(cid)}">{pip}{name}</div>'
            )
        rows.append(f'<div class="{row_cls}"{label}>{"".join(cells)}</div>')
    lines_txt = _e(t("ui.army.lines", lang, lines=n_lines, heroes=heroes))
    warn = " nt-lines-due" if n_lines > heroes else ""
    return (
        f'<section class="nt-army"><h4>{_e(t("ui.army.title", lang, name=player.name))} '
        f'<span class="nt-lines{warn}">{lines_txt}</span></h4>'
        f'<div class="nt-army-grid"><div class="nt-army-row nt-army-header">{head}</div>{"".join(rows)}</div></section>'
    )


def command_zone_html(player: Player, *, lang: str | None = None, state: State | None = None) -> str:
    """Neutral heroes, distinction cards and artifacts in the command zone; Thingvellir's Mercenaries
    that wait there to be enlisted at the end of the Age are drawn apart, under their own heading (X-TH-7).

    Idavoll's Gods, Giants and Valkyries are drawn apart too, each with its token as ``state`` has it
    (:func:`myth_token_html`): pass the state (or a view) to show them.
    """
    waiting = [cid for cid in player.command_zone if _is_kind(cid, CardKind.MERCENARY)]
    myths = [cid for cid in player.command_zone if cid in CARDS and CARDS[cid].kind in _MYTH_KINDS]
    cards = "".join(
        card_html(cid, size="sm", lang=lang)
        for cid in player.command_zone
        if cid not in waiting and cid not in myths
    )
    if not cards and not myths:
        cards = f'<span class="nt-muted">{_e(t("ui.command.empty", lang))}</span>'
    more = ""
    if myths:
        slots = "".join(
            f'<div class="nt-myth-slot">{card_html(cid, size="sm", lang=lang)}'
            f"{myth_token_html(state, cid, lang=lang) if state is not None else ''}</div>"
            for cid in myths
        )
        more += (
            f'<div class="nt-command-myth"><h5>{_e(t("ui.command.myth", lang, n=len(myths)))}</h5>'
            f'<div class="nt-cards">{slots}</div></div>'
        )
    if waiting:
        mercs = "".join(card_html(cid, size="sm", lang=lang) for cid in waiting)
        more += (
            f'<div class="nt-command-waiting"><h5>{_e(t("ui.command.waiting", lang, n=len(waiting)))}</h5>'
            f'<div class="nt-cards">{mercs}</div></div>'
        )
    return (
        f'<section class="nt-command"><h4>{_e(t("ui.command.title", lang))}</h4>'
        f'<div class="nt-cards">{cards}</div>{more}</section>'
    )


def myth_token_html(state: State, card_id: str, *, lang: str | None = None) -> str:
    """The token on a God, Giant or Valkyrie of a command zone, in words (RULES.md A.2.6-A.2.8):

    * a God's Power token: ready or used (X-ID-7); Loki's, the card it lies on (X-ID-GOD-LOKI-1);
    * a Giant: waiting for a dwarf of its class, the card it captured (drawn), or face down (X-ID-8);
    * a Valkyrie: her track with the notch her token is on and its value (X-ID-9); Ölrun's class.
    "" for any other card or a game without Idavoll.
    """
    part = state.idavoll
    c = CARDS.get(card_id)
    if part is None or c is None:
        return ""
    lines: list[str] = []
    extra = ""
    state_cls = ""
    if c.kind is CardKind.GOD:
        used = card_id in part.used
        if card_id == "loki" and part.loki:
            lines.append(t("ui.token.loki-on", lang, card=card_name(part.loki, lang)))
            state_cls = "nt-token-on"
        elif used:
            lines.append(t("ui.token.god-used", lang))
            state_cls = "nt-token-used"
        else:
            lines.append(t("ui.token.god-ready", lang))
            state_cls = "nt-token-ready"
    elif c.kind is CardKind.GIANT:
        entry = part.captured[[g.id for g in GIANTS].index(card_id)]
        cls = term(f"@class.{GIANT_CLASS[card_id]}", lang)
        if entry == "":
            lines.append(t("ui.token.giant-pending", lang, cls=cls))
            state_cls = "nt-token-ready"
        elif entry == "-":
            lines.append(t("ui.token.giant-down", lang))
            state_cls = "nt-token-used"
        else:
            lines.append(t("ui.token.giant-captured", lang, card=card_name(entry, lang)))
            extra = f'<div class="nt-captured">{card_html(entry, size="sm", lang=lang)}</div>'
            state_cls = "nt-token-on"
    elif c.kind is CardKind.VALKYRIE:
        k = part.notches[[v.id for v in VALKYRIES].index(card_id)]
        extra = _track_html(card_id, k, lang)
        lines.append(_valkyrie_state(card_id, k, lang))
        if card_id == "olrun":
            lines.append(
                t("ui.token.olrun", lang, cls=term(f"@class.{CLASSES[part.olrun]}", lang))
                if part.olrun >= 0
                else t("ui.token.olrun-none", lang)
            )
    else:
        return ""
    text = "".join(f'<span class="nt-token-line">{_e(x)}</span>' for x in lines)
    return f'<div class="nt-token {state_cls}" data-token="{_e(card_id)}">{extra}{text}</div>'


def mythology_html(state: State, *, lang: str | None = None) -> str:
    """Idavoll's Mythology deck and reserve (face down: counts only, X-ID-2), the cards removed from the
    game (X-ID-4) and Gullinbursti while it waits aside. "" in a game without Idavoll."""
    part = state.idavoll
    if part is None:
        return ""
    placed = any("gullinbursti" in col for p in state.players for col in p.columns)
    gone = "gullinbursti" in part.removed
    facts = [
        t("ui.myth.deck", lang, n=len(part.deck)),
        t("ui.myth.reserve", lang, n=len(part.reserve)),
        t("ui.myth.removed", lang, n=len(part.removed)),
    ]
    if not placed and not gone:
        facts.append(t("ui.myth.gullinbursti-aside", lang))
    items = each_in("li", facts)
    return (
        f'<section class="nt-myth-box" aria-label="{_e(t("ui.myth.title", lang))}"><h4 class="nt-tavern-sign">'
        f"{class_icon('god')} {_e(t('ui.myth.title', lang))}</h4>"
        f'<ul class="nt-myth-facts">{items}</ul>'
        f'<p class="nt-camp-help">{_e(t("ui.myth.help", lang))} {rule_html("X-ID-3", lang=lang)}</p></section>'
    )


def _is_kind(cid: str, kind: CardKind) -> bool:
    c = CARDS.get(cid)
    return c is not None and c.kind is kind


def camp_html(state: State, *, lang: str | None = None, size: str = "md") -> str:
    """Thingvellir's Camp (X-TH-3): its five spaces, whether it was visited in this tavern (X-TH-4),
    and how many cards are left in the current Age's Camp deck. "" in a game without Thingvellir."""
    camp = state.camp
    if camp is None:
        return ""
    cards = [card_html(cid, size=size, lang=lang) for cid in camp.cards]
    empty = f'<div class="nt-camp-space" role="img" aria-label="{_e(t("ui.camp.space-empty", lang))}"></div>'
    cards += [empty] * max(0, 5 - len(cards))
    age = max(1, min(2, state.age))
    left = len(camp.decks.get(age, []))
    badge = (
        f' <span class="nt-badge nt-badge-act">{_e(t("ui.camp.visited", lang))}</span>'
        if camp.visited and not state.is_over
        else ""
    )
    return (
        f'<section class="nt-camp" aria-label="{_e(t("ui.camp.title", lang))}"><h4 class="nt-tavern-sign">'
        f"{class_icon('artifact')} {_e(t('ui.camp.title', lang))}{badge} "
        f"<small>{_e(t('ui.camp.deck', lang, age=t(f'ui.age.{age}', lang), n=left))}</small></h4>"
        f'<div class="nt-cards">{"".join(cards)}</div>'
        f'<p class="nt-camp-help">{_e(t("ui.game.camp-help", lang))} {rule_html("X-TH-4", lang=lang)}</p></section>'
    )


def hero_title(c: Card, lang: str | None = None) -> str:
    """A hero's title in ``lang`` ("the Unpredictable", 變幻莫測者); the five Dwergs share one."""
    return t(f"ui.hero-title.{'dwerg' if c.id in DWERGS else c.id}", lang)


def hero_row_html(hero_id: str, *, lang: str | None = None) -> str:
    """One available hero as a readable row: class chip, rank pips, name, title and ability."""
    c = CARDS[hero_id]
    kind = _card_kind(c)
    cls = term(f"@class.{kind}", lang) if kind != "neutral" else t("ui.card.hero", lang)
    pips = _pips(kind, c.ranks, lang) if c.ranks else ""
    return (
        f'<div class="nt-hero-row nt-k-{kind}" role="img" aria-label="{_e(card_aria(hero_id, lang))}" '
        f'data-card="{_e(hero_id)}"><span class="nt-hero-chip">{class_icon(kind)}<small>{_e(cls)}</small>{pips}</span>'
        f'<span><b>{_e(c.name)}</b> <span class="nt-card-title">{_e(hero_title(c, lang))}</span></span>'
        f'<span class="nt-hero-ability">{_e(_hero_ability(c, lang))}</span></div>'
    )


def hero_class_name(hero_id: str, lang: str | None = None) -> str:
    """ "Warrior hero" for a class hero, "Neutral hero" for the others (R-COMP-4)."""
    kind = _card_kind(CARDS[hero_id])
    if kind == "neutral":
        return t("ui.class.neutral", lang)
    return t("ui.class.hero", lang, cls=term(f"@class.{kind}", lang))


def hero_choice_html(
    hero_id: str, violation: nidlib.Violation | None = None, *, lang: str | None = None
) -> str:
    """A hero offered for recruitment: the drawn card beside its name, class and ability in readable
    text, and whether it may be recruited now; if not, ``violation`` (``nidlib.check``'s) says why.

    The drawn card is decoration here (``aria-hidden``): the same words follow it as text, readable on
    a phone and by a screen reader, with no hover needed.
    """
    c = CARDS[hero_id]
    if violation is None:
        why = f'<div class="nt-hero-why nt-hero-ok">✓ {_e(t("ui.hero-choice.ok", lang))}</div>'
    else:
        why = (
            f'<div class="nt-hero-why nt-hero-no">✗ <b>{_e(t("ui.hero-choice.no", lang))}</b> '
            f"{_e(violation.reason(lang))} {rule_html(violation.rule, lang=lang)}</div>"
        )
    return (
        f'<div class="nt-hero-choice-body" data-card="{_e(hero_id)}">'
        f'<div class="nt-hero-choice-card" aria-hidden="true">{card_html(hero_id, size="sm", lang=lang)}</div>'
        f'<div class="nt-hero-choice-text"><p class="nt-hero-choice-name"><b>{_e(c.name)}</b> '
        f'<span class="nt-hero-choice-title">{_e(hero_title(c, lang))}</span></p>'
        f'<p class="nt-hero-choice-class">{_e(hero_class_name(hero_id, lang))}</p>'
        f'<p class="nt-hero-choice-ability">{_e(_hero_ability(c, lang))}</p>{why}</div></div>'
    )


def heroes_taken_html(state: State, *, lang: str | None = None) -> str:
    """The heroes no longer in the display, and who has each (every hero exists once, R-COMP-4);
    "" when none has been recruited yet."""
    owners = [
        (h, p.name) for p in state.players for h in p.heroes if h in CARDS and CARDS[h].kind is CardKind.HERO
    ]
    if not owners:
        return ""
    items = ", ".join(
        t("ui.hero-choice.owner", lang, hero=term(f"@card.{h}", lang), name=name) for h, name in owners
    )
    return (
        f'<div class="nt-heroes-taken nt-muted">{_e(t("ui.hero-choice.taken", lang, heroes=items))} '
        f"{rule_html('R-COMP-4', lang=lang)}</div>"
    )


def hero_roster_html(state: State | None = None, *, lang: str | None = None) -> str:
    """All 21 heroes (R-COMP-4), class heroes then neutral heroes, each drawn once; with ``state``,
    each says whether it is still in the display or whose it is."""
    owner = {h: p.name for p in state.players for h in p.heroes} if state is not None else {}

    def cell(h: Card) -> str:
        where = ""
        if state is not None:
            where = (
                t("ui.roster.owned", lang, name=owner[h.id])
                if h.id in owner
                else t("ui.roster.available", lang)
                if h.id in state.heroes_available
                else t("ui.roster.gone", lang)
            )
            where = f'<span class="nt-roster-where">{_e(where)}</span>'
        return f'<li class="nt-roster-hero">{card_html(h.id, size="md", lang=lang)}{where}</li>'

    groups = (
        ("ui.roster.class", [h for h in HEROES if h.cls is not None]),
        ("ui.roster.neutral", [h for h in HEROES if h.cls is None]),
    )
    out = [
        f'<section class="nt-roster-group"><h5>{_e(t(key, lang, n=len(hs)))}</h5>'
        f'<ul class="nt-roster-cards">{"".join(cell(h) for h in hs)}</ul></section>'
        for key, hs in groups
    ]
    return f'<div class="nt-roster">{"".join(out)}</div>'


def heroes_html(state: State, *, lang: str | None = None) -> str:
    """The heroes still available for recruitment, one readable row each."""
    rows = "".join(hero_row_html(h, lang=lang) for h in state.heroes_available)
    return (
        f'<section class="nt-heroes"><h4>{_e(t("ui.heroes.title", lang))}</h4>'
        f'<div class="nt-hero-list">{rows}</div></section>'
    )


def status_html(state: State, *, seat: int | None = None, lang: str | None = None) -> str:
    """One line: Age and round, and who the game waits for."""
    d = nidlib.decision(state)
    if d is None:
        return f'<div class="nt-status" role="status">{_e(t("ui.status.over", lang))}</div>'
    where = t("ui.status.round", lang, age=state.age, round=state.round)
    doing = term(f"@decision.{d.kind}", lang)
    if seat is not None and seat in d.players:
        line = t("ui.status.your-turn", lang, name=state.players[seat].name, doing=doing)
    else:
        line = t("ui.status.waiting", lang, names=[state.players[i].name for i in d.players], doing=doing)
    return f'<div class="nt-status" role="status"><strong>{_e(where)}</strong> · {_e(line)}</div>'


# --- score sheet, events, violations --------------------------------------------------------------


def rule_html(rule_id: str, *, lang: str | None = None, open_: bool = False) -> str:
    """A rule id as an expandable ``<details>``: the summary is the id; opened, the rule explained
    to a learner in ``lang``, then the full reference text, folded (:mod:`widgets.ruletext`)."""
    return ruletext.rule_html(rule_id, lang=lang, open_=open_)


def _categories(players: Sequence[Any]) -> list[str]:
    """The score sheet's rows: the base game's categories, with an expansion's lines (Thingvellir's
    "artifacts", X-TH-SCORE-1) before the gem 6 when any player has one."""
    extra: list[str] = []
    for p in players:
        for line in getattr(p, "lines", ()):
            if line.category not in CATEGORIES and line.category not in extra:
                extra.append(line.category)
    cats = list(CATEGORIES)
    at = cats.index("gem6") if "gem6" in cats else len(cats)
    return cats[:at] + extra + cats[at:]


def score_sheet_html(score_table: Any, *, lang: str | None = None, final: bool = True) -> str:
    """The score sheet: one row per category, each cell the formula with its numbers; winners highlighted."""
    players = list(score_table.players)
    winners = set(score_table.winners)
    head = "".join(
        f'<th scope="col" class="{"nt-winner" if p.name in winners and final else ""}">{_e(p.name)}'
        + (
            f' <span class="nt-badge nt-badge-win">★ {_e(t("ui.score.winner", lang))}</span>'
            if p.name in winners and final
            else ""
        )
        + "</th>"
        for p in players
    )
    rows = []
    for cat in _categories(players):
        cells = []
        rule_id = ""
        for p in players:
            try:
                line = p.line(cat)
            except KeyError:
                cells.append('<td class="nt-num">0</td>')
                continue
            rule_id = rule_id or line.rule
            cells.append(
                f'<td><span class="nt-num">{line.points}</span>'
                f'<span class="nt-formula">{_e(line.text(lang))}</span></td>'
            )
        rule = rule_html(rule_id, lang=lang) if rule_id else ""
        rows.append(
            f'<tr><th scope="row">{_e(t(f"ui.score.cat.{cat}", lang))}{rule}</th>{"".join(cells)}</tr>'
        )
    totals = "".join(
        f'<td class="nt-total{" nt-winner" if p.name in winners and final else ""}"><span class="nt-num">{p.total}</span></td>'
        for p in players
    )
    rows.append(
        f'<tr class="nt-total-row"><th scope="row">{_e(t("ui.score.total", lang))}{rule_html("R-SCORE-1", lang=lang)}</th>{totals}</tr>'
    )
    foot = (
        f'<p class="nt-winners">{_e(score_table.winners_text(lang))} {rule_html("R-SCORE-10", lang=lang)}</p>'
        if final
        else f'<p class="nt-muted">{_e(t("ui.score.provisional", lang))}</p>'
    )
    return (
        f'<section class="nt-score"><h4>{_e(t("ui.score.title", lang))}</h4>'
        f'<table class="nt-score-table"><thead><tr><th scope="col">{_e(t("ui.score.category", lang))}</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>{foot}</section>"
    )


def visible_events(events: Iterable[Event], viewer: int | None = None) -> list[Event]:
    """The events ``viewer`` may see (``None``: every event, the omniscient teacher's view)."""
    return [e for e in events if viewer is None or e.visible_to is None or e.visible_to == viewer]


def event_items_html(events: Iterable[Event], *, start: int = 1, lang: str | None = None) -> str:
    """Events as one numbered list starting at ``start`` ("" when there are none): a part of a log."""
    items = [
        f'<li class="nt-event"><span class="nt-event-text">{_e(e.text(lang, cite=False))}</span> '
        f"{rule_html(e.rule, lang=lang)}</li>"
        for e in events
    ]
    if not items:
        return ""
    first = f' start="{start}"' if start != 1 else ""
    return f'<ol class="nt-events"{first}>{"".join(items)}</ol>'


def events_html(events: Iterable[Event], viewer: int | None = None, *, lang: str | None = None) -> str:
    """The event log, oldest first; each line's rule id expands to the rule text."""
    body = event_items_html(visible_events(events, viewer), lang=lang)
    if not body:
        return f'<div class="nt-events nt-muted">{_e(t("ui.events.empty", lang))}</div>'
    return body.replace('<ol class="nt-events">', '<ol class="nt-events" aria-live="polite">', 1)


def violation_html(violation: nidlib.Violation, *, lang: str | None = None) -> str:
    """An illegal action explained: a plain sentence and the rule that forbids it (expandable)."""
    return (
        f'<div class="nt-violation" role="alert"><strong>{_e(t("ui.message.illegal", lang))}</strong> '
        f"{_e(violation.reason(lang))} {rule_html(violation.rule, lang=lang)}</div>"
    )


# --- action labels ------------------------------------------------------------------------------


def _where(loc: str, lang: str | None) -> str:
    place = parse_place(loc)
    return t("ui.where.hand", lang) if place.is_hand else t(f"ui.where.{place}", lang)


def _loc_coin(state: State, player: int, loc: str, lang: str | None) -> str:
    c = coin_at(state.players[player], parse_place(loc))
    return coin_label(c, lang) if c is not None else loc


def action_label(action: nidlib.Action, state: State, *, lang: str | None = None) -> str:
    """A human label for an action, e.g. "Take Warrior 7", "Upgrade the 5 (basic) in the pouch"."""
    a = action
    if isinstance(a, nidlib.Bid):
        t0, t1, t2 = (coin_label(c, lang) for c in a.taverns)
        if len(a.pouch) == 1:  # after Jarnglofi: four coins, one in the pouch (X-TH-ART-JARNGLOFI-4)
            return t("ui.action.bid1", lang, t0=t0, t1=t1, t2=t2, p0=coin_label(a.pouch[0], lang))
        p0, p1 = (coin_label(c, lang) for c in a.pouch)
        return t("ui.action.bid", lang, t0=t0, t1=t1, t2=t2, p0=p0, p1=p1)
    if isinstance(a, nidlib.UlineBid):
        return t("ui.action.uline", lang, coin=coin_label(a.coin, lang))
    if isinstance(a, nidlib.Pick):
        if _is_kind(a.card, CardKind.ARTIFACT) or _is_kind(a.card, CardKind.MERCENARY):
            return t("ui.action.camp", lang, card=card_name(a.card, lang))  # a Camp visit (X-TH-4)
        return t("ui.action.pick", lang, card=term(f"@card.{a.card}", lang))
    if isinstance(a, nidlib.Keep):
        return t("ui.action.keep", lang, card=term(f"@card.{a.card}", lang))
    if isinstance(a, nidlib.Recruit):
        return t("ui.action.hero", lang, hero=term(f"@card.{a.hero}", lang))
    if isinstance(a, nidlib.PlaceThrud):
        return t("ui.action.thrud", lang, cls=term(f"@class.{a.column}", lang))
    if isinstance(a, nidlib.PlaceYlud):
        return t("ui.action.ylud", lang, cls=term(f"@class.{a.column}", lang))
    if isinstance(a, nidlib.Discard):
        return t("ui.action.discard", lang, cols=[f"@class.{c}" for c in a.columns])
    if isinstance(a, nidlib.TradeCoins):
        x, y = a.locations
        return t(
            "ui.action.trade",
            lang,
            a=_loc_coin(state, a.player, x, lang),
            b=_loc_coin(state, a.player, y, lang),
        )
    if isinstance(a, (nidlib.Transform, nidlib.TradeDiscard)):  # a coin upgraded where it lies
        return t(
            "ui.action.transform" if isinstance(a, nidlib.Transform) else "ui.action.tradediscard",
            lang,
            coin=_loc_coin(state, a.player, a.location, lang),
            where=_where(a.location, lang),
        )
    if isinstance(a, IdavollAction):
        return _idavoll_label(a, state, lang)
    return _thingvellir_label(a, state, lang)


def _tavern_of(state: State, cid: str, lang: str | None) -> str:
    for k, row in enumerate(state.taverns):
        if cid in row:
            return term(f"@tavern.{k}", lang)
    return ""


def _idavoll_label(a: IdavollAction, state: State, lang: str | None) -> str:
    """The labels of Idavoll's decisions (RULES.md A.7), in words: never the text form."""
    if isinstance(a, Reserve):
        if not a.card:
            return t("ui.action.loki-pass", lang)
        return t("ui.action.loki", lang, card=card_name(a.card, lang), tavern=_tavern_of(state, a.card, lang))
    if isinstance(a, Swap):
        if not a.cards[0]:
            return t("ui.action.freya-pass", lang)
        x, y = a.cards
        return t(
            "ui.action.freya",
            lang,
            a=card_name(x, lang),
            ta=_tavern_of(state, x, lang),
            b=card_name(y, lang),
            tb=_tavern_of(state, y, lang),
        )
    if isinstance(a, Frigg):
        return t("ui.action.frigg", lang, card=card_name(a.card, lang))
    if isinstance(a, FriggKeep):
        return t(
            "ui.action.frigg-keep",
            lang,
            card=card_name(a.card, lang),
            under=[card_name(x, lang) for x in a.under],
        )
    if isinstance(a, Odin):
        if not a.give:
            return t("ui.action.odin-pass", lang)
        return t(
            "ui.action.odin", lang, give=term(f"@card.{a.give}", lang), take=term(f"@card.{a.take}", lang)
        )
    if isinstance(a, Thor):
        return t("ui.action.thor", lang)
    if isinstance(a, Capture):
        d = nidlib.decision(state)
        card = str(d.params.get("card", "")) if d is not None else ""
        c = CARDS.get(card)
        giant = next((g for g, cls in GIANT_CLASS.items() if c is not None and cls == c.cls), "")
        names = {"card": card_name(card, lang), "giant": CARDS[giant].name if giant else ""}
        return t("ui.action.capture-yes" if a.capture else "ui.action.capture-no", lang, **names)
    if isinstance(a, PlaceGullinbursti):
        return t("ui.action.gullinbursti", lang, cls=term(f"@class.{a.column}", lang))
    if isinstance(a, ChooseOlrun):
        n = nidlib.ranks(state.players[a.player], CLASSES.index(a.column))
        return t("ui.action.olrun", lang, cls=term(f"@class.{a.column}", lang), n=n)
    if isinstance(a, KeepMyth):
        return t("ui.action.skymir", lang, cards=[card_name(x, lang) for x in a.cards])
    if isinstance(a, HrungnirCoin):
        return t("ui.action.hrungnir", lang, coin=coin_label(a.coin, lang))
    assert_never(a)  # every action kind is handled above (mypy checks it)


def _column_of(player: Player, card_id: str) -> DwarfClass | None:
    for ci, column in enumerate(player.columns):
        if card_id in column:
            return CLASSES[ci]
    return None


def _thingvellir_label(a: ThingvellirAction, state: State, lang: str | None) -> str:
    """The labels of Thingvellir's decisions (RULES.md A.7), in words: never the text form."""
    if isinstance(a, TavernDiscard):
        return t("ui.action.tavern-discard", lang, card=card_name(a.card, lang))
    if isinstance(a, EnlistOrder):
        return t("ui.action.enlist-order.last" if a.last else "ui.action.enlist-order.first", lang)
    if isinstance(a, Enlist):
        bp = _card_ranks(a.card, a.column)[0]
        label = t(
            "ui.action.enlist", lang, card=card_name(a.card, lang), option=_option_text(a.column, bp, lang)
        )
        # a no-break space joins a class and its value: the label wraps on a phone, never leaving
        # the "6" of "Warrior 6" alone at the start of the next line (issue 13)
        return _KEEP_VALUE.sub("\u00a0", label)
    if isinstance(a, Vidofnir):
        other = 5 - a.amount  # +2 and +3 (X-TH-ART-VIDOFNIR-1)
        return t(
            "ui.action.vidofnir",
            lang,
            a=a.amount,
            coin_a=_loc_coin(state, a.player, a.first, lang),
            where_a=_where(a.first, lang),
            b=other,
            coin_b=_loc_coin(state, a.player, a.second, lang),
            where_b=_where(a.second, lang),
        )
    if isinstance(a, TakeDiscarded):
        return t("ui.action.take", lang, card=card_name(a.card, lang))
    if isinstance(a, DiscardCard):
        column = _column_of(state.players[a.player], a.card)
        name = card_name(a.card, lang)
        if column is None:
            return t("ui.action.tavern-discard", lang, card=name)
        return t("ui.action.discard-card", lang, card=name, cls=term(f"@class.{column}", lang))
    if isinstance(a, PlaceDoubles):
        x, y = (term(f"@class.{c}", lang) for c in a.columns)
        return t("ui.action.doubles", lang, a=x, b=y)
    if isinstance(a, TakeCamp):
        return t("ui.action.holda", lang, card=card_name(a.card, lang))
    if isinstance(a, ChooseClass):
        n = nidlib.ranks(state.players[a.player], CLASSES.index(a.column))
        return t("ui.action.mjollnir", lang, cls=term(f"@class.{a.column}", lang), n=n, points=2 * n)
    assert_never(a)  # every action kind is handled above (mypy checks it)
