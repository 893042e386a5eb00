"""The message catalogue's quality (nidlib/locales/<lang>/<area>.json, see docs/translation.md).

(a) every key the code uses exists in English, found statically (string literals and f-strings
    in nidlib/ and widgets/) and dynamically (seeded games, the edge-case gallery, a sweep of
    refused actions and the final score sheets rendered in every language: no ``{field}`` left
    unfilled, no raw ``@term``, no unknown key);
(b) each English file has a zh-Hant and a zh-Hans twin with exactly the same keys (for the lessons'
    prose, ``prose/<lesson>.md``, the same ``<!-- section -->`` names);
(c) each translation has the same ``{placeholders}`` (name, conversion and format) as English;
(d) no Chinese value is English left untranslated, the glossary's Chinese names are used instead
    of English game terms, and zh-Hans holds no Traditional character the conversion missed.
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import json
import random
import re
import string
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

import nidlib
from nidlib.content import gallery
from nidlib.core.actions import Action
from nidlib.core.cards import CARDS, CLASSES, DWERG_POINTS, DwarfClass
from nidlib.core.errors import Violation
from nidlib.core.events import Event
from nidlib.core.messages import LANGUAGES, catalogue, prose, prose_sections, render, term
from nidlib.core.registry import rule
from nidlib.core.state import State
from nidlib.rules.engine import ranks
from nidlib.tools.bots import random_action

REPO = Path(__file__).resolve().parents[1]
LOCALES = REPO / "nidlib" / "locales"
CHINESE = tuple(lang for lang in LANGUAGES if lang != "en")
#: The catalogue's files: one JSON object per area, and the lessons' prose (Markdown sections).
AREAS = sorted(p.name for p in (LOCALES / "en").glob("*.json")) + sorted(
    f"prose/{p.name}" for p in (LOCALES / "en" / "prose").glob("*.md")
)
CODE = sorted([*(REPO / "nidlib").rglob("*.py"), *(REPO / "widgets").rglob("*.py")])


@cache
def load(lang: str, area: str) -> dict[str, str]:
    if area.endswith(".md"):
        stem = area.removeprefix("prose/").removesuffix(".md")
        text = (LOCALES / lang / area).read_text("utf-8")
        return {f"prose.{stem}.{name}": body for name, body in prose_sections(text).items()}
    data = json.loads((LOCALES / lang / area).read_text("utf-8"))
    assert isinstance(data, dict), f"{lang}/{area} must hold one JSON object"
    return data


@cache
def english() -> dict[str, str]:
    merged: dict[str, str] = {}
    for area in AREAS:
        for key in load("en", area):
            assert key not in merged, f"key {key!r} is defined in two English files"
        merged.update(load("en", area))
    return merged


# --- (a) keys used by the code ---------------------------------------------------------------

KEY_LITERAL = re.compile(r"@?[A-Za-z][\w-]*(?:\.[\w-]+)+\.?")


def _prefixes() -> set[str]:
    return {k.split(".", 1)[0] for k in english()}


def _term_exists(key: str) -> bool:
    """``key`` (without ``@``) is a catalogue entry, or a card/coin term that messages.term renders."""
    if key in english():
        return True
    kind, _, ident = key.partition(".")
    return (kind == "card" and ident in CARDS) or (kind == "coin" and ident.isdigit())


def _not_keys(tree: ast.AST) -> set[int]:
    """The string nodes that are no message keys: the pieces of an f-string (the f-string is
    checked whole) and a :class:`DocumentError`'s field path (``"camp.cards"``, X-TH-3)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if name == "DocumentError":
                skip.add(id(node.args[0]))
    return skip


def code_keys() -> Iterator[tuple[str, int, str, re.Pattern[str]]]:
    """(file, line, literal, pattern) for every string in the code that looks like a message key.

    A literal counts when its first dotted part is one of the catalogue's key prefixes (``ui``,
    ``err``, ``score``...). In an f-string every ``{...}`` matches any non-blank text, so
    ``f"game.level.{lv}"`` must match at least one key.
    """
    prefixes = _prefixes()
    for path in CODE:
        rel = str(path.relative_to(REPO))
        tree = ast.parse(path.read_text("utf-8"), rel)
        skip = _not_keys(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text, pattern = node.value, re.escape(node.value)
            elif isinstance(node, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
                pattern = "".join(
                    re.escape(v.value) if isinstance(v, ast.Constant) else r"\S+" for v in node.values
                )
                if not re.fullmatch(r"@?[A-Za-z][\w-]*\.[\w{}.-]*", text):
                    continue
            else:
                continue
            if not KEY_LITERAL.fullmatch(text.replace("{}", "x")):
                continue
            if text.lstrip("@").split(".", 1)[0] not in prefixes:
                continue
            body = pattern.removeprefix("@").removeprefix(r"\@")
            if text.endswith("."):  # a prefix completed at run time
                body += r"\S+"
            yield rel, node.lineno, text, re.compile(body)


def test_code_keys_are_found() -> None:
    """The static scan sees the code's keys (a broken scan would make the next test pass vacuously)."""
    literals = {text for _, _, text, _ in code_keys()}
    for key in ("err.game-over", "score.total", "ui.bid.confirm", "game.setup.start", "lab.json.load"):
        assert key in literals, f"the scan of nidlib/ and widgets/ missed {key!r}"
    assert len(literals) > 300


def test_every_key_in_the_code_exists_in_english() -> None:
    keys = list(english())
    missing = []
    for rel, line, text, pattern in code_keys():
        if "{}" in text or text.endswith("."):
            ok = any(pattern.fullmatch(k) for k in keys) or (
                text.lstrip("@").startswith(("card.", "coin.")) and text.count(".") == 1
            )
        else:
            ok = _term_exists(text.lstrip("@"))
        if not ok:
            missing.append(f"{rel}:{line}: {text}")
    assert not missing, "keys used in the code but missing from nidlib/locales/en:\n" + "\n".join(missing)


UNFILLED = re.compile(r"\{[A-Za-z_]\w*(?:[!:][^{}]*)?\}")
RAW_TERM = re.compile(r"@[a-z]+\.[\w-]+")
CJK = re.compile(r"[\u3400-\u9fff]")


def _problems(text: str, lang: str, what: str) -> list[str]:
    out = []
    if UNFILLED.search(text):
        out.append(f"[{lang}] {what}: unfilled field in {text!r}")
    if RAW_TERM.search(text):
        out.append(f"[{lang}] {what}: raw term in {text!r}")
    if lang != "en" and not CJK.search(text):
        out.append(f"[{lang}] {what}: no Chinese at all (English fallback?) in {text!r}")
    return out


def _check_key(key: str, what: str) -> list[str]:
    if key not in english():
        return [f"{what}: unknown key {key!r}"]
    return [f"[{lang}] {what}: {key!r} not translated" for lang in CHINESE if key not in catalogue(lang)]


#: a sweep's games: the expansions and whether it is a first game, by seed
Setup = Callable[[int], tuple[tuple[str, ...], bool]]
#: a sweep's player: the action to play in a state
Chooser = Callable[[State, random.Random], Action]


def played_games(
    games: int, setup: Setup, choose: Chooser = random_action
) -> Iterator[tuple[State, list[Event], list[Action]]]:
    """Seeded games (2-5 players, seeds 0..games-1, set up by ``setup(seed)``, played by ``choose``): each
    state, the events so far, and the actions seen as legal anywhere so far (to try them where they are
    wrong). Shared by this file and the expansions' catalogue tests."""
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    for seed in range(games):
        n = 2 + seed % 4
        events: list[Event] = []
        expansions, first_game = setup(seed)
        s = nidlib.new_game(
            n, names[:n], seed=seed, expansions=expansions, first_game=first_game, events=events
        )
        rng = random.Random(seed)
        seen: list[Action] = []
        while nidlib.decision(s) is not None:
            a = choose(s, rng)
            seen.append(a)
            yield s, events, seen
            s, evs = nidlib.apply(s, a)
            events.extend(evs)
        yield s, events, seen


def _played_games() -> Iterator[tuple[State, list[Event], list[Action]]]:
    """40 base games, one in five a first game."""
    return played_games(40, lambda seed: ((), seed % 5 == 0))


def expansion_material(
    games: int, setup: Setup, choose: Chooser = random_action
) -> tuple[list[Event], list[Violation], list[State]]:
    """An expansion's sweep: every event of ``played_games``, the refusals of actions tried where they are
    wrong (an action of the same kind seen earlier, given to the player who acts now; every 5th step the
    last 10 actions as they were), and the final states."""
    events: list[Event] = []
    violations: list[Violation] = []
    finals: list[State] = []
    for s, evs, seen in played_games(games, setup, choose):
        d = nidlib.decision(s)
        if d is None:
            events.extend(evs)
            finals.append(s)
            continue
        who = d.players[0]
        same = [a for a in seen[:-1] if type(a) is type(seen[-1])][-6:]
        for a in same:
            v = nidlib.check(s, dataclasses.replace(a, player=who))
            if v is not None:
                violations.append(v)
        if len(seen) % 5 == 0:  # and actions of other decisions
            for a in seen[-10:]:
                v = nidlib.check(s, a)
                if v is not None:
                    violations.append(v)
    return events, violations, finals


def rendering_problems(events: list[Event], violations: list[Violation]) -> list[str]:
    """Keys unknown or untranslated, texts with an unfilled field, a raw term or no Chinese."""
    problems: list[str] = []
    for key in sorted({e.key for e in events} | {v.key for v in violations}):
        problems += _check_key(key, "event/violation")
    for item in [*events, *violations]:
        for lang in LANGUAGES:
            problems += _problems(item.text(lang), lang, f"{type(item).__name__.lower()} {item.key}")
    return problems


def score_line_problems(finals: list[State]) -> tuple[list[str], Counter[str]]:
    """``rendering_problems`` of the final score sheets' lines and winners, and how many lines of each key."""
    problems: list[str] = []
    keys: Counter[str] = Counter()
    for s in finals:
        table = nidlib.final_scores(s)
        for p in table.players:
            for line in p.lines:
                keys[line.key] += 1
                problems += _check_key(line.key, "score line")
                for lang in LANGUAGES:
                    problems += _problems(line.text(lang), lang, f"score line {line.key}")
        for lang in LANGUAGES:
            problems += _problems(table.winners_text(lang), lang, "winners")
    return problems, keys


@cache
def dynamic_material() -> tuple[list[Event], list[Violation], list[State]]:
    events: list[Event] = []
    violations: list[Violation] = []
    finals: list[State] = []
    for s, evs, seen in _played_games():
        if nidlib.decision(s) is None:
            events.extend(evs)
            finals.append(s)
        elif len(seen) % 7:
            continue
        # actions legal elsewhere (earlier in the game, or another decision): mostly refused here
        for a in [*seen[-12:], *seen[:3]]:
            v = nidlib.check(s, a)
            if v is not None:
                violations.append(v)
    for case in gallery.GALLERY:
        out = gallery.run(case)
        events.extend(out.all_events())
        violations.extend(v for v in out.refusals if v is not None)
        finals.append(out.final)
    return events, violations, finals


def test_every_rendered_event_and_refusal_is_complete() -> None:
    events, violations, _ = dynamic_material()
    event_keys = {e.key for e in events}
    violation_keys = {v.key for v in violations}
    # the sweep really covers the engine's vocabulary (guards against a silently empty sweep)
    assert len(event_keys) >= 50, sorted(event_keys)
    assert len(violation_keys) >= 8, sorted(violation_keys)
    problems = rendering_problems(events, violations)
    assert not problems, "\n".join(sorted(set(problems))[:60])


def test_every_score_sheet_line_is_complete() -> None:
    _, _, finals = dynamic_material()
    problems, keys = score_line_problems([s for s in finals if s.is_over])
    assert keys.total() >= 40 * 5
    assert not problems, "\n".join(sorted(set(problems))[:60])


def test_every_gallery_entry_is_complete() -> None:
    problems: list[str] = []
    for case in gallery.GALLERY:
        for part in ("title", "question", "outcome"):
            problems += _check_key(f"gallery.{case.id}.{part}", "gallery")
            for lang in LANGUAGES:
                text = case.text(part, lang)
                if text == f"gallery.{case.id}.{part}":
                    problems.append(f"[{lang}] gallery {case.id}: no {part}")
                problems += _problems(text, lang, f"gallery {case.id}.{part}")
    assert not problems, "\n".join(problems)


def test_every_term_renders() -> None:
    """Every tavern, class, distinction, card and decision name exists in every language."""
    problems: list[str] = []
    refs = [f"@card.{cid}" for cid in CARDS]
    refs += [f"@{k}" for k in english() if re.fullmatch(r"tavern\.\d|(?:class|distinction|decision)\..+", k)]
    for ref in refs:
        for lang in LANGUAGES:
            text = term(ref, lang)
            if not text or text.startswith("@") or UNFILLED.search(text):
                problems.append(f"[{lang}] {ref} -> {text!r}")
    assert not problems, "\n".join(problems)


# --- (b) same keys in every language ---------------------------------------------------------


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize("area", AREAS)
def test_translation_has_the_same_keys(area: str, lang: str) -> None:
    path = LOCALES / lang / area
    assert path.is_file(), f"{lang}/{area} is missing: translate every key of en/{area}"
    en, zh = load("en", area), load(lang, area)
    missing = [k for k in en if k not in zh]
    extra = [k for k in zh if k not in en]
    assert not missing, f"{lang}/{area}: {len(missing)} key(s) missing: {missing}"
    assert not extra, f"{lang}/{area}: {len(extra)} key(s) not in en/{area}: {extra}"


# --- (c) placeholders --------------------------------------------------------------------------


def fields(template: str) -> list[tuple[str, str, str]]:
    """The ``{name!conv:spec}`` fields of a template, sorted; raises ValueError when malformed."""
    return sorted(
        (name, conv or "", spec or "")
        for _, name, spec, conv in string.Formatter().parse(template)
        if name is not None
    )


def test_english_templates_are_well_formed() -> None:
    bad = []
    for key, text in english().items():
        try:
            named = fields(text)
        except ValueError as e:
            bad.append(f"{key}: {e}")
            continue
        if any(not name or name.isdigit() for name, _, _ in named):
            bad.append(f"{key}: positional field in {text!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize("area", AREAS)
def test_translation_has_the_same_placeholders(area: str, lang: str) -> None:
    en = load("en", area)
    zh = load(lang, area) if (LOCALES / lang / area).is_file() else {}
    bad = []
    for key, text in zh.items():
        if key not in en:
            continue  # reported by test_translation_has_the_same_keys
        try:
            got = fields(text)
        except ValueError as e:
            bad.append(f"{key}: malformed template {text!r} ({e})")
            continue
        want = fields(en[key])
        if sorted(set(got)) != sorted(set(want)):
            bad.append(f"{key}: fields {sorted(set(got))} but English has {sorted(set(want))}")
    assert not bad, f"{lang}/{area}:\n" + "\n".join(bad)


# --- (d) really translated -----------------------------------------------------------------------

#: Latin words a Chinese text may keep: hero names (RULES.md Appendix B.5), the gallery's and the
#: lessons' player names, file formats and the action syntax learners type.
NAMES = {c.name.split()[0].lower() for c in CARDS.values() if c.kind.name == "HERO"} | {
    "ana", "bo", "cy", "di", "ed", "dwerg", "json", "true", "false", "null", "ec",
}  # fmt: skip

#: Chinese values that may carry no Chinese character at all, with the reason.
NO_CHINESE_OK = {
    "card.dwarf": "only fields: the class name and the bravery points",
    "card.dwarf-nobp": "only a field: the class name",
    "enter.tavern": "only fields and punctuation",
    "source.grid": "a hero's name (Appendix B.5 keeps Latin names)",
    "ui.army.thrud": "a hero's name",
    "ui.panel.title": "only fields",
    "score.hero.fixed": "a hero's name and its points",
    "sheet.t.null": "a JSON literal",
    "sheet.t.boolean": "JSON literals",
    "sheet.error": "only a field",
    "sheet.error.file": "only fields",
    "lab.json.placeholder": "a JSON example",
    "index.lang.en": "the language switch names each language in itself: English",
}

#: English game terms that a Chinese text must name with the glossary's Chinese term
#: (RULES.md Appendix B; seed 002's English names are replaced by their converted Chinese names).
ENGLISH_TERMS = re.compile(  # ASCII word edges: in "Royal Offering卡" \b sees no edge before 卡
    r"(?<![A-Za-z])(?:Royal|Offering|Distinction|Tavern|Goblin|Dragon|Horse|Treasure|Treasury|Pioneer|Armorer|"
    r"Jeweler|Hunting|Master|King|Warrior|Hunter|Miner|Blacksmith|Explorer|coins?|gems?|Age|ranks?|"
    r"army|columns?|points)(?![A-Za-z])"
)
FIELD = re.compile(r"\{[^{}]*\}|\]\([^)\s]*\)|`[^`]*`")  # fields; in prose also link targets and `code`


def _latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", FIELD.sub("", text))


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize("area", AREAS)
def test_translation_is_not_english(area: str, lang: str) -> None:
    en = load("en", area)
    zh = load(lang, area) if (LOCALES / lang / area).is_file() else {}
    bad = []
    for key, text in zh.items():
        if key not in en or key in NO_CHINESE_OK:
            continue
        if not CJK.search(text):
            foreign = [w for w in _latin_words(text) if w.lower() not in NAMES]  # names may stay
            if foreign:
                bad.append(f"{key}: {text!r} is not Chinese")
        terms = ENGLISH_TERMS.findall(FIELD.sub("", text))
        if terms:
            bad.append(f"{key}: English game term(s) {terms} in {text!r}")
    assert not bad, f"{lang}/{area}:\n" + "\n".join(bad)


def test_the_allow_list_is_needed() -> None:
    """Each allow-listed key exists and really has no Chinese character in some language."""
    for key in NO_CHINESE_OK:
        assert key in english(), key
        assert any(not CJK.search(catalogue(lang)[key]) for lang in CHINESE), f"{key} needs no exemption"


#: Traditional-only characters: every character of the zh-Hant catalogue that OpenCC's t2s
#: conversion changes (regenerate with tools/translate_zh.py's converter when the catalogue grows).
TRADITIONAL = set(
    "並來個們備傳價優儲內兩別則剛動勝勵區參問單嗎嘗嚴國圖執報場壞夠學實寫寶將對導師帶幣幾庫張強後從"
    "復應戰戲換揮擁擇擊擬擺敗數於時暫會桿條棄業榮標樣機橫檔檢欄權歡歷歸氣決沒況測湊準滿瀏為無爾獎獨"
    "獲獵獻現當發確礎礦禮種稱競筆範紀級細終組結絕給經綠維線編練總繪繼續習職腦與蓋藍處號螢裡製複見規"
    "視覽觀觸計訊記設許試該認語誤說誰課請論譽讀變讓負貢貨貪貼資贈贏軍較載輪輯輸轉辦這連進遊過達遠選"
    "還邊釋鈕鋒錄錢錯鎖鎧鐵鑄閃開間閱關隊階際隨險隱離電頂項順須預領頭顆題額類顧顯餘館馬駿驗驟體麼點龍"
    "著"
)
#: zh-Hans values that must show Traditional characters, with the reason.
TRADITIONAL_OK = {"index.lang.zh-Hant": "the name of the Traditional Chinese language, written in it"}


@pytest.mark.parametrize("area", AREAS)
def test_simplified_has_no_traditional_characters(area: str) -> None:
    path = LOCALES / "zh-Hans" / area
    zh = load("zh-Hans", area) if path.is_file() else {}
    bad = [
        f"{key}: {''.join(sorted({c for c in text if c in TRADITIONAL}))} in {text!r}"
        for key, text in zh.items()
        if key not in TRADITIONAL_OK and any(c in TRADITIONAL for c in text)
    ]
    assert not bad, f"zh-Hans/{area} keeps Traditional characters:\n" + "\n".join(bad)


#: Words (regular expressions) of other translations that the glossary (RULES.md Appendix B)
#: replaces, with the glossary's word; the converted names (*conv.*) are used in zh-Hans too.
OFF_GLOSSARY = {
    "zh-Hant": {
        "錢幣": "貨幣", "金幣": "王家貨幣", "皇家": "王家", "供品|贈禮": "王家貢獻卡", "榮譽卡": "卓越卡",
        "指揮區": "指揮部", "探險家": "探索者", "寶庫": "王家寶箱", "時代": "時期", r"(?:\d 個|戰士|獵人|礦工|鐵匠|探索者|探險家)等級": "階級",
        "首席軍械師": "國王之鎧", "獵人大師": "狩獵大師", "歡笑哥布林": "大笑的哥布林", "舞龍": "舞動的巨龍",
        "駿馬": "閃耀的馬", "熔鑄": "貨幣交易", "錢袋": "袋子", r"(?<!\{col\} )欄(?!位)": "直行",
        "中立英雄": "無職英雄",
        # Thingvellir (docs/translation.md: the seeds are silent, one name per thing)
        "營區|兵營": "營地", "雇傭兵|僱傭兵": "傭兵", "聖物|寶物": "神器", "棄牌區": "棄牌堆", "複製體|幻影": "分身",
        "入伍": "編入",
        # Idavoll (docs/translation.md: names stay Latin, one word per kind and token)
        "奧丁|索爾|洛基|芙蕾雅|弗麗嘉|弗蕾亞": "Odin, Thor, Loki, Freya, Frigg (Latin names)", "神明|諸神|眾神": "神祇",
        "瓦爾基|女戰神": "女武神", "俘虜": "俘獲", "神話動物": "神獸", "預留": "保留（Loki）", "標記": "指示物",
    },
    "zh-Hans": {
        "钱币": "金币", "货币": "金币", "皇家": "王室/王家", "供品|赠礼": "王家贡献牌", "荣誉卡": "卓越卡",
        "指挥部": "指挥区", "探索者": "探险家", "宝箱": "王室宝库", "时期": "时代", "阶级": "等级",
        "军队": "军团", "勇气": "勇武", "首席军械师": "国王之铠", "横列": "完整阵容", "直行": "竖列",
        "猎人大师": "狩猎大师", "欢笑哥布林": "大笑的哥布林", "舞龙": "舞动的巨龙", "骏马": "闪耀的马",
        "熔铸": "金币交易", "袋子": "钱袋", r"(?<!\{col\} )栏(?!位)": "竖列",
        "等级比较": "校阅部队", "萤幕": "屏幕",
        "营区|兵营": "营地", "雇佣兵": "佣兵", "圣物|宝物": "神器", "弃牌区": "弃牌堆", "复制体|幻影": "分身",
        "入伍": "编入",
        "奥丁|索尔|洛基|芙蕾雅|弗丽嘉|弗蕾亚": "Odin, Thor, Loki, Freya, Frigg (Latin names)", "神明|诸神|众神": "神祇",
        "瓦尔基|女战神": "女武神", "俘虏": "俘获", "神话动物": "神兽", "预留": "保留（Loki）", "指示物": "标记",
    },
}  # fmt: skip


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize("area", AREAS)
def test_glossary_terms(area: str, lang: str) -> None:
    path = LOCALES / lang / area
    zh = load(lang, area) if path.is_file() else {}
    bad = [
        f"{key}: {word!r} (glossary: {want}) in {text!r}"
        for key, text in zh.items()
        for word, want in OFF_GLOSSARY[lang].items()
        if re.search(word, text)
    ]
    assert not bad, f"{lang}/{area} strays from RULES.md Appendix B:\n" + "\n".join(bad)


# --- (e) teaching quality: sentences checked against RULES.md --------------------------------------


def _all_texts(lang: str) -> dict[str, str]:
    """Every catalogue value and prose section of ``lang`` (not the English fallback)."""
    merged: dict[str, str] = {}
    for area in AREAS:
        if (LOCALES / lang / area).is_file():
            merged.update(load(lang, area))
    return merged


#: How each language says "engine choice" (RULES.md 0.1: the sources are silent or disagree).
ENGINE_CHOICE = {"en": "Engine choice", "zh-Hant": "引擎選擇", "zh-Hans": "引擎选择"}


def test_ec_33_and_ec_17_engine_choices_are_not_shown_as_rules() -> None:
    """A gallery ruling that RULES.md marks ENGINE CHOICE says so and cites its EC-nn/D-nn."""
    choices = [c for c in gallery.GALLERY if "ENGINE CHOICE" in rule(c.id).text]
    assert {c.id for c in choices} >= {"EC-17", "EC-33"}
    for c in choices:
        for lang in LANGUAGES:
            text = c.outcome(lang)
            assert ENGINE_CHOICE[lang] in text, f"{c.id} {lang}: {text!r}"
            m = re.search(rf"{c.id}(?:/|, |、)(D-X?\d\d)", text)  # "(EC-17, D-21)": a small reference
            assert m, f"{c.id} {lang} cites no disagreement: {text!r}"
            assert rule(m.group(1)).id == m.group(1)


def test_ec_41_question_describes_the_2_2_tie() -> None:
    """EC-41's position: with Thrud the Warrior ranks tie 2-2 (no majority for Ana), without her 1-2."""
    case = gallery.get("EC-41")
    s = case.build(None)
    warrior = CLASSES.index(DwarfClass.WARRIOR)
    assert [ranks(p, warrior) for p in s.players] == [2, 2]
    assert s.players[0].thrud == warrior
    for lang, tie in {"en": "2–2", "zh-Hant": "2 比 2", "zh-Hans": "2 比 2"}.items():
        assert tie in case.question(lang), (lang, case.question(lang))
    assert "majority" not in case.question("en")


def test_lesson_7_dwerg_brothers_increments_follow_the_table() -> None:
    adds = [b - a for a, b in itertools.pairwise(DWERG_POINTS)]
    assert adds == [13, 27, 41, 27, 27]
    third = adds.index(max(adds)) + 1
    assert third == 3
    said = {
        lang: "".join(v for k, v in _all_texts(lang).items() if k.startswith("prose.07-"))
        for lang in LANGUAGES
    }
    assert "13, 27, 41, 27 and 27" in said["en"]
    assert "the third adds the most (41)" in said["en"]
    for lang in CHINESE:
        assert "13、27、41、27、27" in said[lang]
        assert "第三位加得最多（41" in said[lang]
    assert "second and third brothers add the most" not in said["en"]


#: A 0 bid is the lowest, but players who also bid 0 are ordered by their gems (R-ORDER-1/2):
#: "you pick last" must say when it holds.
PICK_LAST = {
    "en": (re.compile(r"pick(?:s)? last"), re.compile(r"unless|nobody else bid 0")),
    "zh-Hant": (
        re.compile(r"最後(?:一位)?選卡|最後一位"),
        re.compile(r"如果.{0,6}也出 0|沒有其他人.{0,6}出 0"),
    ),
    "zh-Hans": (
        re.compile(r"最后(?:一位)?选牌|最后一位"),
        re.compile(r"如果.{0,6}也出 0|没有其他人.{0,6}出 0"),
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_order_2_a_zero_bid_picks_last_only_when_nobody_else_bid_zero(lang: str) -> None:
    last, when = PICK_LAST[lang]
    bad = [
        f"{key}: {text!r}"
        for key, text in _all_texts(lang).items()
        if "0" in text and last.search(text) and not when.search(text)
    ]
    assert not bad, "\n".join(bad)


#: Sentences that were wrong against RULES.md, per language, with the reason. A regular expression
#: matched against every catalogue value and prose section of that language.
WRONG = {
    "en": {
        r"(?i)\bmost (?:dwarves|cards|warriors|hunters|miners|blacksmiths|explorers)\b":
            "distinctions go to a strict majority of a class's ranks, not cards (R-EVAL-3, D-01)",
        r"(?i)dwarf king\b": "the player is an Elvaland sent by the king (RULES.md 0.1; seed 001 埃爾瓦蘭德)",
        r"EC-\d\d to EC-\d\d": "the gallery does not hold every id of a range: list what it holds",
    },
    "zh-Hant": {
        r"(?:矮人|戰士|獵人|礦工|鐵匠|探索者)最多": "卓越卡看階級數的嚴格多數，不是卡片張數（R-EVAL-3, D-01）",
        r"矮人國王": "玩家是國王指派的埃爾瓦蘭德（seed 001）",
        r"EC-\d\d 到 EC-\d\d": "圖庫並未收錄範圍內的每一條",
    },
    "zh-Hans": {
        r"(?:矮人|战士|猎人|矿工|铁匠|探险家)最多": "Distinction 看职业等级数的严格多数（R-EVAL-3, D-01）",
        r"矮人国王": "玩家是受国王委派的 Elvaland（seed 002）",
        r"EC-\d\d 到 EC-\d\d": "图库并未收录范围内的每一条",
    },
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_r_eval_3_no_sentence_known_to_be_wrong(lang: str) -> None:
    bad = [
        f"{key}: {pattern!r} ({why}) in {text!r}"
        for key, text in _all_texts(lang).items()
        for pattern, why in WRONG[lang].items()
        if re.search(pattern, text)
    ]
    assert not bad, "\n".join(bad)


def test_lesson_1_the_player_is_an_elvaland() -> None:
    for lang, name in {"en": "Elvaland", "zh-Hant": "埃爾瓦蘭德", "zh-Hans": "Elvaland"}.items():
        assert name in prose("01-game-at-a-glance", "intro", lang), lang


def test_the_lab_lists_the_rulings_the_gallery_holds() -> None:
    runs = gallery.covered()
    held = {c.id for c in gallery.GALLERY}
    listed = set()
    for run in runs:  # "EC-01–EC-23", "EC-X01–EC-X04" (the expansions' rulings)
        first, _, last = run.partition("–")
        prefix = "EC-X" if first.startswith("EC-X") else "EC-"
        a, b = int(first[len(prefix) :]), int((last or first)[len(prefix) :])
        listed |= {f"{prefix}{n:02d}" for n in range(a, b + 1)}
    assert listed == held
    for lang in LANGUAGES:
        intro = render("lab.gallery.intro", {"count": len(held), "cases": runs}, lang)
        assert all(run in intro for run in runs), intro
        assert str(len(held)) in intro


# --- (f) the seeds' words --------------------------------------------------------------------------

#: Words the Chinese seeds do not use for a game term (RULES.md Appendix B; seeds 000/001 for zh-Hant,
#: 002 for zh-Hans), as regular expressions: the seeds' word to use instead, and why.
SEED_WORDS = {
    "zh-Hant": {
        r"尼德維": ("尼達維利爾", "seed 001: 矮人王國—尼達維利爾（Nidavellir）"),
        r"揭示": ("揭露", "seeds 000/001: 揭露競標價格、尚未揭露幣值"),
        r"棄掉": ("棄置", "seeds 000/001: 棄置幣值最高的貨幣、棄置被重鑄的貨幣"),
        r"升級": ("貨幣重鑄 / 重鑄", "seed 000: 王家貢獻卡使玩家重鑄 1 枚貨幣; the seeds' section is 貨幣重鑄"),
        r"綠色(?:的)? ?3|綠色交易貨幣": ("特殊貨幣 3", "seed 000: 特殊貨幣（綠色）：幣值為 3 元"),
        r"離開遊戲": ("移出遊戲", "seed 000: 棄置基礎貨幣（紅色）時，將貨幣移出遊戲"),
    },
    "zh-Hans": {
        r"尼德维": ("尼达维利尔", "seed 002: 《Nidavellir》(尼达维利尔)"),
        r"硬币": ("金币", "seed 002 writes 金币 46 times and 硬币 10 times: one name per thing"),
        r"基础金币|基础硬币": ("初始金币", "seed 002: 每人拿一块王国板和五枚初始金币"),
        r"选卡": ("选牌", "seed 002: 选牌, and cards are 牌 (矮人牌)"),
        r"最终勇武点|最多的\**勇武点|计算勇武点|勇武点最高": (
            "勇武值", "seed 002: 勇武点 is printed on a card; totals and class scores are 勇武值"),
        r"离开游戏": ("移出游戏", "one word per thing (移出遊戲, seed 000, converted)"),
    },
}  # fmt: skip


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize("area", AREAS)
def test_chinese_uses_the_seeds_words(area: str, lang: str) -> None:
    path = LOCALES / lang / area
    zh = load(lang, area) if path.is_file() else {}
    bad = [
        f"{key}: {word!r} -> {want} ({why}) in {text!r}"
        for key, text in zh.items()
        for word, (want, why) in SEED_WORDS[lang].items()
        if re.search(word, text)
    ]
    assert not bad, f"{lang}/{area} strays from the seeds' words:\n" + "\n".join(bad)
