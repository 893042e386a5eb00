"""The notebooks voici builds: every ``tutorials/*.ipynb`` as is, plus a copy of each per other language.

usage: pages.py TUTORIALS_DIR CONTENT_DIR [LANG]...

Under Voila the address's ``?lang=<code>`` reaches the kernel as ``QUERY_STRING``. Under voici the kernel
runs in the browser, in a web worker that never sees the page's address, so every page starts in the
default language. ``NN-slug.<lang>.ipynb`` is the same notebook with a first cell that sets
``QUERY_STRING`` to ``lang=<lang>``; the redirect that ``postbuild.py`` puts in every page sends
``NN-slug.html?lang=<lang>`` there. Standard library only.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

SERVER_ONLY = re.compile(r"auction-lab|zavandor")


def language_cell(lang: str) -> dict[str, object]:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": f"nt-lite-lang-{lang.lower()}",
        "metadata": {"tags": ["nt-lite-language"]},
        "outputs": [],
        "source": [f'import os; os.environ["QUERY_STRING"] = "lang={lang}"  # the page\'s language (voici)'],
    }


def main() -> None:
    src, dst, *langs = sys.argv[1:]
    out = Path(dst)
    out.mkdir(parents=True, exist_ok=True)
    # the teachers' auction lab needs threads, numpy, scipy and matplotlib: served by Voila only
    # (docs/auction-lab.md); the landing page leaves its links out under Pyodide
    notebooks = sorted(p for p in Path(src).glob("*.ipynb") if not SERVER_ONLY.search(p.stem))
    for nb in notebooks:
        shutil.copy2(nb, out / nb.name)
        for lang in langs:
            doc = json.loads(nb.read_text(encoding="utf-8"))
            doc["cells"].insert(0, language_cell(lang))
            (out / f"{nb.stem}.{lang}.ipynb").write_text(
                json.dumps(doc, ensure_ascii=False, indent=1), "utf-8"
            )
    print(f"{out}: {len(notebooks)} notebooks x {1 + len(langs)} languages")


if __name__ == "__main__":
    main()
