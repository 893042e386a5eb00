"""Under Pyodide (the static site, ``make lite``): widget messages keep their ``None`` values.

The Pyodide kernel (jupyterlite-pyodide-kernel 0.6.1) hands each comm message to the page as a Python
dict that Pyodide converts to JavaScript, where ``None`` becomes ``undefined``, not ``null``: the key is
then dropped on its way to the page, so a trait set back to ``None`` (a dropdown with no coin chosen, a
layout shown again with ``display = None``) never changes the page. :func:`install` sends the message's
data as a JavaScript object parsed from JSON instead, where ``None`` is ``null``. Anywhere else it does
nothing.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

_installed = False
#: a variable, not ``sys.platform`` inline: mypy checks for the platform it runs on, where the Pyodide
#: branch would be unreachable
_PYODIDE: bool = sys.platform == "emscripten"


def install() -> bool:
    """Patch the Pyodide kernel's comm once; True if it runs under Pyodide and was patched."""
    global _installed
    if _installed or not _PYODIDE:
        return _installed
    try:
        import js  # type: ignore[import-not-found]
        from pyodide_kernel.comm import Comm  # type: ignore[import-not-found]
    except ImportError:
        return False
    original = Comm.publish_msg

    def publish_msg(
        self: Any, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **keys: Any
    ) -> Any:
        if data:
            with contextlib.suppress(TypeError, ValueError):  # not JSON: sent as before
                data = js.JSON.parse(json.dumps(data))
        return original(self, msg_type, data, metadata, buffers, **keys)

    Comm.publish_msg = publish_msg
    _installed = True
    return True
