"""Engine tests (tests/engine). Shared helpers live in ``enginekit.py`` (imported by the test modules)."""

from __future__ import annotations

import pytest

import nidlib


@pytest.fixture(autouse=True)
def _english() -> None:
    """Sentences are asserted in English; another test may have switched the language."""
    nidlib.set_language("en")
