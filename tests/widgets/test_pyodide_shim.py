"""widgets.pyodide: the Pyodide kernel's comm patch does nothing outside Pyodide."""

from __future__ import annotations

import sys

from widgets import pyodide


def test_install_is_a_no_op_outside_pyodide() -> None:
    assert sys.platform != "emscripten"
    assert pyodide.install() is False
