"""How the browser tests and ``bench/tutor.py`` start Chromium: Debian's ``/usr/bin/chromium``
(``$CHROMIUM`` overrides it), headless, with no sandbox and none of its background services, so
timings measure the tutor and not Chromium's own updates. ``playwright install`` is never needed."""

from __future__ import annotations

import os

CHROMIUM: str = os.environ.get("CHROMIUM", "/usr/bin/chromium")

CHROMIUM_ARGS: list[str] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
