"""The message catalogue: every sentence a learner reads comes from here.

Rules are cited by id; wording lives in ``nidlib/locales/<lang>/*.json`` (one file per area:
``engine.json``, ``scoring.json``, ``ui.json``...) as
``{"message-key": "template with {named} fields"}``. English (``en``) is
complete and is the fallback; ``zh-Hant`` and ``zh-Hans`` follow.

Parameters are plain JSON values. A string parameter that starts with ``@``
names another catalogue entry (a *term*: ``"@tavern.0"``, ``"@class.warrior"``,
``"@card.1W6"``, ``"@coin.5b"``) and is rendered in the same language, so a
sentence and the names inside it are translated together.

Lesson prose (the narrative between the live scenes) is Markdown, kept in
``nidlib/locales/<lang>/prose/<lesson>.md`` and split into sections by comment lines
``<!-- section-name -->``; section ``intro`` of ``02-bidding.md`` is the entry
``prose.02-bidding.intro``, read verbatim (no ``{fields}``) with :func:`prose`.
"""

from __future__ import annotations

import json
import re
import string
import unicodedata
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")
DEFAULT_LANGUAGE = "en"
_current = DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    """Choose the language used when no ``lang`` is passed (the tutor's language switch)."""
    global _current
    if lang not in LANGUAGES:
        msg = f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}"
        raise ValueError(msg)
    _current = lang


def get_language() -> str:
    return _current


_SECTION = re.compile(r"^<!-- ([a-z0-9][a-z0-9-]*) -->[ \t]*$", re.MULTILINE)


def prose_sections(text: str) -> dict[str, str]:
    """The sections of a prose file: ``{"intro": "# 2. Bidding\\n..."}`` (text before the first
    ``<!-- name -->`` line is ignored; each section is stripped of surrounding blank lines)."""
    parts = _SECTION.split(text)
    return {name: body.strip("\n") for name, body in zip(parts[1::2], parts[2::2], strict=True)}


def _load(lang: str) -> dict[str, str]:
    folder = resources.files("nidlib.locales").joinpath(lang)
    merged: dict[str, str] = {}
    if not folder.is_dir():
        return merged
    for part in sorted(folder.iterdir(), key=lambda f: f.name):
        if part.name.endswith(".json"):
            merged.update(json.loads(part.read_text("utf-8")))
    prose_folder = folder.joinpath("prose")
    if prose_folder.is_dir():
        for part in sorted(prose_folder.iterdir(), key=lambda f: f.name):
            if part.name.endswith(".md"):
                stem = part.name.removesuffix(".md")
                for name, body in prose_sections(part.read_text("utf-8")).items():
                    merged[f"prose.{stem}.{name}"] = body
    return merged


def prose(stem: str, section: str, lang: str | None = None) -> str:
    """The Markdown of one prose section of lesson ``stem``, verbatim; English if not translated.

    >>> prose("02-bidding", "intro").splitlines()[0]
    '# 2. Bidding'
    """
    key = f"prose.{stem}.{section}"
    cat = catalogue(lang or _current)
    if key not in cat:
        msg = f"no prose section {section!r} for lesson {stem!r} (nidlib/locales/en/prose/{stem}.md)"
        raise KeyError(msg)
    return cat[key]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The templates of one language: every ``locales/<lang>/*.json`` merged; English fills any gap."""
    base = _load("en")
    return base if lang == "en" else {**base, **_load(lang)}


class _Params(dict[str, Any]):
    def __init__(self, params: Mapping[str, Any], lang: str) -> None:
        super().__init__(params)
        self.lang = lang

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if key == "age" and type(value) is int:  # an Age's number as each language writes it: I / 一
            return catalogue(self.lang).get(f"age.numeral.{value}", str(value))
        if isinstance(value, list):
            return names_list(
                [term(v, self.lang) if isinstance(v, str) and v.startswith("@") else str(v) for v in value],
                self.lang,
            )
        return term(value, self.lang) if isinstance(value, str) and value.startswith("@") else value

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def term(ref: str, lang: str | None = None) -> str:
    """Render a term reference such as ``"@class.hunter"`` or ``"@card.1W6"``."""
    key = ref.removeprefix("@")
    cat = catalogue(lang or _current)
    if key in cat:
        return cat[key]
    kind, _, ident = key.partition(".")
    if kind == "card":
        from nidlib.core.cards import CARDS, CardKind

        c = CARDS.get(ident)
        if c is None:
            return ident
        if c.kind is CardKind.DWARF:
            cls_name = cat.get(f"class.{c.cls}", str(c.cls))
            if c.cls in ("hunter", "blacksmith"):
                return cat.get("card.dwarf-nobp", "{cls}").format(cls=cls_name)
            return cat.get("card.dwarf", "{cls} {bp}").format(cls=cls_name, bp=c.ranks[0])
        if c.kind is CardKind.ROYAL_OFFERING:
            return cat.get("card.offering", "Royal Offering +{n}").format(n=c.offering)
        return c.name
    if kind == "coin":
        return ident.removesuffix("b").removesuffix("s") if ident not in ("3s", "5b") else cat.get(key, ident)
    return ident


def render(key: str, params: Mapping[str, Any] | None = None, lang: str | None = None) -> str:
    """Fill the template ``key`` with ``params``; unknown keys render as the key itself."""
    lang = lang or _current
    template = catalogue(lang).get(key, key)
    return string.Formatter().vformat(template, (), _Params(params or {}, lang))


def names_list(items: list[str], lang: str | None = None) -> str:
    """``"Ana, Bo and Cy"`` in the catalogue's language."""
    cat = catalogue(lang or _current)
    if not items:
        return cat.get("list.nobody", "nobody")
    if len(items) == 1:
        return items[0]
    a, b = cat.get("list.sep", ", ").join(items[:-1]), items[-1]
    word = cat.get("list.and", "{a} and {b}").replace("{a}", "").replace("{b}", "")  # " and ", "和"
    # a Latin name or a number beside a Chinese word gets a space, as in the catalogue's own sentences
    if word and not word[0].isspace() and _latin(a[-1:]):
        word = " " + word
    if word and not word[-1].isspace() and _latin(b[:1]):
        word += " "
    return a + word + b


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


_UNPRINTABLE = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def clip(text: str, limit: int = 80) -> str:
    """Input quoted in a message: control characters and lone surrogates escaped, at most ``limit`` characters.

    An error message never echoes a whole input (a 50 MB name, a 5,000-digit number).
    """
    out = []
    for ch in text[: limit + 1]:
        out.append(
            ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _UNPRINTABLE else ch
        )
    short = "".join(out)
    return short[:limit] + "…" if len(text) > limit or len(short) > limit else short
