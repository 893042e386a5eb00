"""Derive a Simplified Chinese catalogue from a Traditional one (dev tool, not shipped).

    python tools/translate_zh.py nidlib/locales/zh-Hant/engine.json nidlib/locales/zh-Hans/engine.json
    python tools/translate_zh.py nidlib/locales/zh-Hant/prose/02-bidding.md /tmp/draft.md   # prose too

A draft only: the tests (tests/test_catalogue.py) catch characters and glossary words, a reader
must still fix the wording (see docs/translation.md).

Character conversion by OpenCC (``pip install opencc-python-reimplemented``), then the
terms of RULES.md Appendix B where seed 002 (Simplified) uses other words than seed 000/001.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import opencc  # type: ignore[import-untyped]

#: Appendix B: seed 002's own words (after character conversion)
#: (applied in this order: longer words before the words they contain; docs/translation.md "Glossary")
TERMS = {
    "探索者": "探险家",
    "勇气值": "勇武值",
    "王家宝箱": "王室宝库",
    "王家贡献卡": "王家贡献牌",
    "王家货币": "宝库金币",
    "基础货币": "初始金币",
    "特殊货币 3（绿色）": "绿色 3（特殊金币）",
    "特殊货币 3": "绿色 3",
    "价值 6 的宝石": "宝石六",
    "指挥部": "指挥区",
    "军队": "军团",
    "直行": "竖列",
    "横列": "完整阵容",
    "阶级": "等级",
    "时期": "时代",
    "袋子": "钱袋",
    "选卡": "选牌",
    "货币": "金币",
}


def convert(conv: opencc.OpenCC, text: str) -> str:
    t: str = conv.convert(text)
    for a, b in TERMS.items():
        t = t.replace(a, b)
    return t


def main(src: str, dst: str) -> None:
    conv = opencc.OpenCC("t2s")
    if src.endswith(".md"):
        Path(dst).write_text(convert(conv, Path(src).read_text(encoding="utf-8")), encoding="utf-8")
        return
    data = json.loads(Path(src).read_text(encoding="utf-8"))
    out = {key: convert(conv, text) for key, text in data.items()}
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
