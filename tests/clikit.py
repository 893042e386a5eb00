"""Helpers shared by the command-line tests (``python -m nidlib score`` and ``play``) and the score sheet's
expansion tests (tests/test_scoresheet_idavoll.py, _thingvellir.py)."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from typing import Any

import pytest

from nidlib.tools.scoresheet import SheetError, score_sheet


def closed_pipe_run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m nidlib ARGS`` with standard output a pipe nobody reads any more."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "nidlib", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=300,
            check=False,
        )
    finally:
        os.close(write)


def sheet_refusal(sheet: dict[str, Any], path: tuple[Any, ...], value: Any) -> SheetError:
    """The error ``score_sheet`` raises for a copy of ``sheet`` whose first player's entry at ``path``
    (keys and indexes below ``players[0]``) is set to ``value``; fails if the sheet is accepted."""
    broken = copy.deepcopy(sheet)
    target = broken["players"][0]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SheetError) as info:
        score_sheet(broken)
    return info.value
