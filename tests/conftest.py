"""Shared test configuration. Browser fixtures live in tests/browser/conftest.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository checkout the tests run against."""
    return REPO


@pytest.fixture(autouse=True)
def _english_catalogue() -> Iterator[None]:
    """Each test starts and ends in English: a language switch (lesson index, --lang) is process-wide."""
    from nidlib.core.messages import set_language

    set_language("en")
    yield
    set_language("en")
