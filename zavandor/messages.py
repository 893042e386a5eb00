"""The message catalogue: every sentence a user reads, in ``zavandor/locales/<lang>.json``.

Rendering always takes a language (``en``, ``zh-Hant`` or ``zh-Hans``); English fills any gap.
A parameter ``{"counts": [r, d, e, s]}`` renders as a list of gem cards. A string parameter starting with ``@`` names another catalogue entry (a term such as
``"@gem.ruby"``) and is rendered in the same language. A list parameter renders as
"a, b and c" in that language.

>>> render("gem.sapphire", {}, "zh-Hant")
'藍寶石'
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")


@cache
def _load(lang: str) -> dict[str, str]:
    text = resources.files("zavandor").joinpath("locales", f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The templates of ``lang``; English fills any gap. ``ValueError`` for an unknown language."""
    if lang not in LANGUAGES:
        msg = f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}"
        raise ValueError(msg)
    base = _load("en")
    return base if lang == "en" else {**base, **_load(lang)}


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, dict) and "counts" in value:
        return gem_list(value["counts"], lang)
    if isinstance(value, str) and value.startswith("@"):
        return catalogue(lang).get(value[1:], value[1:])
    if isinstance(value, list | tuple):
        items = [str(_value(v, lang)) for v in value]
        cat = catalogue(lang)
        if not items:
            return cat["list.nobody"]
        if len(items) == 1:
            return items[0]
        return cat["list.and"].format(a=cat["list.sep"].join(items[:-1]), b=items[-1])
    return value


def gem_list(four: Any, lang: str) -> str:
    """``[0, 1, 3, 1]`` (ruby, diamond, emerald, sapphire) as "1 diamond, 3 emeralds and 1 sapphire"."""
    cat = catalogue(lang)
    parts = [
        cat[f"count.{gem}.{'1' if n == 1 else 'n'}"].format(n=n)
        for gem, n in zip(("ruby", "diamond", "emerald", "sapphire"), four, strict=True)
        if n
    ]
    if not parts:
        return cat["list.nothing"]
    return str(_value(parts, lang))


class _Params(dict[str, Any]):
    def __init__(self, params: Mapping[str, Any], lang: str) -> None:
        super().__init__(params)
        self.lang = lang

    def __getitem__(self, key: str) -> Any:
        return _value(super().__getitem__(key), self.lang)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(key: str, params: Mapping[str, Any], lang: str) -> str:
    """Fill template ``key`` with ``params`` in ``lang``; an unknown key renders as itself."""
    template = catalogue(lang).get(key, key)
    return string.Formatter().vformat(template, (), _Params(params, lang))
