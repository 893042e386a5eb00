"""Golden playthroughs: regenerate each seeded game in memory and compare with tests/golden/*.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from nidlib.tools.transcript import GAMES, GOLDEN_DIR, diff, golden_text

REGENERATE = "python -m nidlib.tools.transcript --regenerate"


@pytest.mark.parametrize("name", list(GAMES))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.txt"
    assert path.exists(), f"{path} is missing: run `{REGENERATE}`"
    stored = path.read_text("utf-8")
    fresh = golden_text(name)
    if stored != fresh:
        pytest.fail(
            f"the playthrough {name} changed; if the change is intended, run `{REGENERATE}` and review "
            f"the diff:\n{diff(name, stored, fresh)}",
            pytrace=False,
        )


def test_golden_files_are_small_and_cover_the_game() -> None:
    texts = {p.name: p.read_text("utf-8") for p in sorted(Path(GOLDEN_DIR).glob("*.txt"))}
    assert set(texts) == {f"{name}.txt" for name in GAMES}
    for name, text in texts.items():
        assert len(text.encode()) < 200_000, name
        assert "action: p0:bid:" in text
        assert "# final score sheet" in text
    everything = "\n".join(texts.values())
    for needle in ("[R-ORDER-2]", "[R-TRADE-2]", "[R-RECRUIT-1]", "[R-EVAL-3]", "[R-GEM-2]", "[R-SCORE-10]"):
        assert needle in everything, needle
    assert "First game: Thrud, Ylud and Uline are left out" in texts["4p_random_first_game_seed3.txt"]
    thingvellir = "\n".join(text for name, text in texts.items() if name.startswith("thingvellir_"))
    for needle in ("[X-TH-3]", "[X-TH-4]", "[X-TH-8]", "[X-TH-MERC-1]", "[X-TH-11]", "[X-TH-SCORE-1]"):
        assert needle in thingvellir, needle
    idavoll = "\n".join(text for name, text in texts.items() if name.startswith(("idavoll_", "both_")))
    for needle in (
        "[X-ID-2]",
        "[X-ID-4]",
        "[X-ID-5]",
        "[X-ID-8]",
        "[X-ID-10]",
        "[X-ID-GOD-LOKI-1]",
        "Age I, round 5 of 5",
    ):
        assert needle in idavoll, needle
