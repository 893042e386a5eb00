"""Derive a Simplified Chinese catalogue from a Traditional one (dev tool, not shipped).

    python tools/translate_zh.py nidlib/locales/zh-Hant/engine.json nidlib/locales/zh-Hans/engine.json

Character conversion by OpenCC (``pip install opencc-python-reimplemented``), then the
terms of RULES.md Appendix B where seed 002 (Simplified) uses other words than seed 000/001.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import opencc  # type: ignore[import-untyped]

#: Appendix B: seed 002's own words (after character conversion)
TERMS = {
    "探索者": "探险家",
    "勇气值": "勇武值",
    "王家宝箱": "王室宝库",
    "王家贡献": "Royal Offering",
    "指挥部": "指挥区",
    "军队": "军团",
    "直行": "竖列",
    "货币": "硬币",
}


def main(src: str, dst: str) -> None:
    conv = opencc.OpenCC("t2s")
    data = json.loads(Path(src).read_text(encoding="utf-8"))
    out = {}
    for key, text in data.items():
        t = conv.convert(text)
        for a, b in TERMS.items():
            t = t.replace(a, b)
        out[key] = t
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
