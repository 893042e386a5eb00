"""Helpers shared by the command-line tests (``python -m nidlib score`` and ``play``)."""

from __future__ import annotations

import os
import subprocess
import sys


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
