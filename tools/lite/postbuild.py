"""Fix a voici build so that every page works from any static host with no other host.

usage: postbuild.py OUT_DIR [LANG]...

* voici pages keep the kernel's relative URLs (``"./static/pyodide/pyodide.js"``), which resolve against
  ``voici/render/`` (404): they are made relative to the page (``../../``);
* the kernel's ``pyodideUrl`` is ``static/pyodide/start.js`` (``tools/lite/start.js``: Pyodide started
  from the build's memory snapshot) in every page and ``jupyter-lite.json``, not Pyodide's ``pyodide.js``;
* voila's template loads font-awesome from cdn.jsdelivr.net: the vendored copy in ``static/fontawesome`` instead;
* the mermaid (and elk layout) ``import()`` from cdnjs (only for pages with mermaid diagrams, which ours never have) is removed;
* every page gets a first script that turns ``NN-slug.html?lang=<code>`` into the page built for that
  language (``NN-slug.<code>.html``, ``pages.py``), ``?lang=en`` into ``NN-slug.html``;
* every page gets a second script that opens a lesson link in the page's own Python when the page has a
  stage (``widgets/lite_pages.py``): no new Pyodide per lesson;
* ``index.html`` at the root opens the landing page (keeping ``?lang=``).

Standard library only.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

FA_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/"
FA4_TREE = "https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css"

REDIRECT = """<script>/* nidavellir-tutor: ?lang= picks the page built for that language */
(function () {
  var langs = %(langs)s, lang = new URLSearchParams(location.search).get("lang");
  if (lang === null || (lang !== "en" && langs.indexOf(lang) < 0)) return;
  var path = location.pathname, file = path.slice(path.lastIndexOf("/") + 1) || "index.html";
  var stem = file.replace(/\\.html$/, "");
  langs.forEach(function (l) { if (stem.slice(-l.length - 1) === "." + l) stem = stem.slice(0, -l.length - 1); });
  var target = stem + (lang === "en" ? "" : "." + lang) + ".html";
  if (target !== file) location.replace(target + location.hash);
})();
</script>"""

STAGE = """<script>/* nidavellir-tutor: a lesson link runs the lesson in this page's Python (widgets/lite_pages.py) */
(function () {
  var langs = %(langs)s, serial = 0;
  function target(url) {  // the page built for the link's language, as the redirect above picks it
    var file = url.pathname.slice(url.pathname.lastIndexOf("/") + 1) || "index.html";
    var lang = url.searchParams.get("lang"), stem = file.replace(/\\.html$/, "");
    if (lang === null) return file;
    if (lang !== "en" && langs.indexOf(lang) < 0) return null;
    langs.forEach(function (l) { if (stem.slice(-l.length - 1) === "." + l) stem = stem.slice(0, -l.length - 1); });
    return stem + (lang === "en" ? "" : "." + lang) + ".html";
  }
  function here(url) {  // a page of this site's voici/render/ folder
    var dir = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    return url.origin === location.origin && url.pathname.slice(0, dir.length) === dir &&
      /^[^/]+\\.html$/.test(url.pathname.slice(dir.length));
  }
  function cellsOf(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var config = JSON.parse(doc.getElementById("jupyter-config-data").textContent);
    return config.notebookSrc.cells.filter(function (c) { return c.cell_type === "code"; })
      .map(function (c) { return Array.isArray(c.source) ? c.source.join("") : c.source; });
  }
  function open(url, push) {
    var stage = document.querySelector(".nt-lite-stage"), box = stage && stage.querySelector(".nt-lite-goto input");
    var file = target(url);
    if (!box || !file) return false;
    fetch(file).then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); }).then(function (html) {
      var cells = cellsOf(html);
      document.querySelectorAll(".jp-OutputArea-child").forEach(function (el) {
        if (!el.contains(stage)) el.style.display = "none";
      });
      Array.prototype.forEach.call(stage.parentElement.children, function (el) {
        if (el !== stage) el.style.display = "none";
      });
      box.value = JSON.stringify({page: file, cells: cells, serial: ++serial});
      box.dispatchEvent(new Event("input", {bubbles: true}));
      if (push) history.pushState({ntLite: true}, "", file + url.hash);
      document.title = file.replace(/\\.html$/, "");
      window.scrollTo(0, 0);
    }).catch(function () { location.href = url.href; });
    return true;
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a[href]");
    if (!a || ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey ||
        (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
    var url = new URL(a.href, location.href);
    if (!here(url) || (url.pathname === location.pathname && url.search === location.search && url.hash)) return;
    if (open(url, true)) ev.preventDefault();
  });
  window.addEventListener("popstate", function () {  // back and forward between the lessons of this visit
    if (serial && !open(new URL(location.href), false)) location.reload();
  });
})();
</script>"""

ROOT = """<!doctype html>
<html><head><meta charset="utf-8"><title>Nidavellir Tutor</title>
<script>location.replace("voici/render/index.html" + location.search + location.hash);</script>
<meta http-equiv="refresh" content="1; url=voici/render/index.html"></head>
<body><a href="voici/render/index.html">Nidavellir Tutor</a></body></html>
"""

PYODIDE_JS = 'static/pyodide/pyodide.js"'
START_JS = 'static/pyodide/start.js"'
MERMAID = re.compile(r"import\(\s*['\"]https://cdnjs\.cloudflare\.com/[^'\"]*mermaid[^'\"]*['\"]\s*\)")
ELK = re.compile(r'const elkUrl = "https://cdnjs\.cloudflare\.com/[^"]*";')


def main() -> None:
    out = Path(sys.argv[1])
    langs = sys.argv[2:]
    redirect = REDIRECT % {"langs": "[" + ", ".join(f'"{lang}"' for lang in langs) + "]"}
    stage = STAGE % {"langs": "[" + ", ".join(f'"{lang}"' for lang in langs) + "]"}
    pages = sorted((out / "voici" / "render").glob("*.html"))
    for page in pages:
        html = page.read_text(encoding="utf-8")
        html = html.replace('"pyodideUrl": "./static/', '"pyodideUrl": "../../static/')
        html = html.replace(PYODIDE_JS, START_JS)
        html = html.replace(
            '"./extensions/@jupyterlite/pyodide-kernel-extension/',
            '"../../extensions/@jupyterlite/pyodide-kernel-extension/',
        )
        html = html.replace(FA_CDN, "../../static/fontawesome/css/")
        html = MERMAID.sub("Promise.reject(new Error('mermaid is not bundled'))", html)
        html = ELK.sub('const elkUrl = "";', html)
        html = html.replace("<head>", "<head>\n" + redirect + "\n" + stage, 1)
        page.write_text(html, encoding="utf-8")
    for page in (out / "voici" / "tree").glob("*.html"):
        html = page.read_text(encoding="utf-8").replace(FA_CDN, "../static/fontawesome/css/")
        html = html.replace(FA4_TREE, "../static/fontawesome/css/all.min.css").replace(PYODIDE_JS, START_JS)
        page.write_text(html, encoding="utf-8")
    for config in [*out.glob("jupyter-lite.json"), *out.glob("*/jupyter-lite.json")]:
        config.write_text(config.read_text("utf-8").replace(PYODIDE_JS, START_JS), encoding="utf-8")
    (out / "index.html").write_text(ROOT, encoding="utf-8")
    left = [str(p.relative_to(out)) for p in out.rglob("*.html") if "https://cdn" in p.read_text("utf-8")]
    print(f"{out}: {len(pages)} pages fixed" + (f"; still naming a CDN: {left}" if left else ""))


if __name__ == "__main__":
    main()
