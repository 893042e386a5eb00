#!/usr/bin/env bash
# Build the serverless tutor into build/lite/: voici (static Voila) + a Pyodide kernel, every lesson,
# the landing page as index.html, our wheel and everything it needs. Nothing is asked of another host
# when the site runs (docs/adr/0007-static-site.md; recipe: PyPI + the npm registry at build time only).
#
#   bash tools/lite/build.sh          (make lite)
#
# Env: LITE_OUT (build/lite), LITE_CACHE (build/lite-cache: npm packages and wheels, so a second build
# is offline and fast), LITE_VENV (.venv-lite: the build tools, pinned, apart from the app's .venv),
# PYTHON (python3, 3.11 is enough).
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=tools/lite
OUT=$(realpath -m "${LITE_OUT:-build/lite}")
CACHE=$(realpath -m "${LITE_CACHE:-build/lite-cache}")
VENV=$(realpath -m "${LITE_VENV:-.venv-lite}")
WORK=$(realpath -m "${LITE_WORK:-build/work-lite}")
# jupyterlite-core skips every jupyter-lite.json whose path starts with the output's (a string prefix:
# build/lite-work/site/jupyter-lite.json was ignored, and with it the kernel's settings below)
case "$WORK/" in "$OUT"*) echo "LITE_WORK ($WORK) must not start with LITE_OUT ($OUT)" >&2; exit 2;; esac
PYTHON=${PYTHON:-python3}

PYODIDE=0.27.6      # = jupyterlite-pyodide-kernel 0.6.1's PYODIDE_VERSION
FONTAWESOME=5.15.4  # voila's template links fontawesome-free@^5 from a CDN: vendored instead
PINS=(voici-core==0.9.0 jupyterlite-core==0.6.4 jupyterlite-pyodide-kernel==0.6.1 voila==0.5.13
      jupyter-server==2.17.0)
LANGS=(zh-Hant zh-Hans)  # the other languages: a copy of every page per language (?lang= in the address)

t0=$(date +%s)
# 1. the build tools, pinned, in their own venv (re-created only when the pins change)
if [ ! -f "$VENV/.lite-stamp" ] || [ "$(cat "$VENV/.lite-stamp")" != "${PINS[*]}" ]; then
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install -q "${PINS[@]}"
  echo "${PINS[*]}" > "$VENV/.lite-stamp"
fi
rm -rf "$WORK" "$OUT"
mkdir -p "$WORK/site/content" "$WORK/wheels" "$CACHE/npm" "$CACHE/wheels"

# 2. our wheel (nidlib + widgets + their data files)
"$VENV/bin/pip" wheel -q --no-deps . -w "$WORK/wheels"
OWN=$(ls "$WORK"/wheels/nidavellir_tutor-*.whl)

# 3. Pyodide's core and font-awesome from the npm registry (cached tarballs)
npm_get() {  # npm_get SPEC TARBALL
  [ -f "$CACHE/npm/$2" ] || (cd "$CACHE/npm" && npm pack -q "$1" >/dev/null)
}
npm_get "pyodide@$PYODIDE" "pyodide-$PYODIDE.tgz"
npm_get "@fortawesome/fontawesome-free@$FONTAWESOME" "fortawesome-fontawesome-free-$FONTAWESOME.tgz"
mkdir -p "$WORK/npm/fa"
tar xzf "$CACHE/npm/pyodide-$PYODIDE.tgz" -C "$WORK/npm"
tar xzf "$CACHE/npm/fortawesome-fontawesome-free-$FONTAWESOME.tgz" -C "$WORK/npm/fa"

# the kernel's own wheels (piplite, pyodide_kernel, ipykernel's shim) go into the lock too, so that Pyodide
# loads them at its start with everything else, in parallel, instead of one micropip install after another
KPYPI="$VENV/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
# 4. the Pyodide folder: core + pure-Python wheels (PyPI, exact versions, cached) + a patched lock
"$VENV/bin/python" "$HERE/pyodide_offline.py" "$WORK/npm/package" "$WORK/site/static/pyodide" \
  --cache "$CACHE/wheels" --stub jedi \
  --wheel "$OWN:ipywidgets,mistune" \
  --pin "ipywidgets==8.1.9:comm,traitlets,ipython" --pin "comm==0.2.3:traitlets" --pin "mistune==3.1.4" \
  --pin "ipython==9.6.0:decorator,ipython-pygments-lexers,jedi,matplotlib-inline,prompt-toolkit,pygments,stack-data,traitlets,wcwidth" \
  --pin "ipython-pygments-lexers==1.1.1:pygments" \
  --wheel "$(ls "$KPYPI"/piplite-*.whl):micropip" --wheel "$(ls "$KPYPI"/ipykernel-*.whl):comm" \
  --wheel "$(ls "$KPYPI"/pyodide_kernel-*.whl):ipython,ipykernel,comm,piplite"

# 4b. their bytecode, compiled by Pyodide's own Python under Node.js (every page load compiled them again)
node "$HERE/precompile.mjs" "$WORK/npm/package" "$WORK/site/static/pyodide"

# 4c. the memory snapshot every page's Python starts from (every package installed, the kernel's and the
#     project's modules imported), and the loader the kernel's worker runs first (start.js, its pyodideUrl)
node "$HERE/snapshot.mjs" "$WORK/npm/package" "$WORK/site/static/pyodide" widgets.lite_pages:prepare
cp "$HERE/start.js" "$WORK/site/static/pyodide/start.js"

# 5. the pages: every notebook, plus a copy per other language whose first cell sets the address's
#    language (the kernel runs in a web worker and never sees the page's query string)
"$VENV/bin/python" "$HERE/pages.py" tutorials "$WORK/site/content" "${LANGS[@]}"
cat > "$WORK/site/jupyter-lite.json" <<'JSON'
{"jupyter-lite-schema-version": 0,
 "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
   "disablePyPIFallback": true,
   "loadPyodideOptions": {"packages": ["micropip", "piplite", "ipython", "jedi", "ssl", "sqlite3", "comm", "ipykernel", "pyodide_kernel", "nidavellir-tutor"]}}}}}
JSON

# 6. voici build (offline)
( cd "$WORK/site" && "$VENV/bin/voici" build --contents content --output-dir "$OUT" \
    --no-sourcemaps --no-unused-shared-packages >build.log 2>&1 ) || { tail -20 "$WORK/site/build.log"; exit 1; }

# 7. post-build fixes: relative URLs, vendored font-awesome, the landing page, ?lang= redirects
mkdir -p "$OUT/static/fontawesome/css" "$OUT/static/fontawesome/webfonts"
cp "$WORK"/npm/fa/package/css/{all.min.css,v4-shims.min.css} "$OUT/static/fontawesome/css/"
cp "$WORK"/npm/fa/package/webfonts/*.{woff2,woff} "$OUT/static/fontawesome/webfonts/"
"$VENV/bin/python" "$HERE/postbuild.py" "$OUT" "${LANGS[@]}"

du -sh "$OUT"
echo "build/lite built in $(( $(date +%s) - t0 )) s; serve it with: python3 -m http.server -d build/lite"
