"""Make a self-contained Pyodide folder for JupyterLite from the npm `pyodide` core package plus pure-Python
wheels from PyPI, with a patched pyodide-lock.json. Standard library only: runs on Python 3.11 (no
pyodide-lock, no uv, no Python >= 3.12).

usage: pyodide_offline.py NPM_PACKAGE_DIR OUT_DIR [--cache DIR] [--wheel W.whl[:dep,dep]]... [--pin name==ver[:dep,dep]]...

* copies the core (pyodide.js/.mjs, pyodide.asm.*, python_stdlib.zip, pyodide-lock.json, package.json);
* downloads from PyPI, at the exact versions in Pyodide's lock, the pure-Python wheels the Pyodide
  kernel loads at start (micropip, ipython, jedi, their dependencies) and rewrites their sha256;
* wasm-only stdlib modules the kernel asks for (ssl, sqlite3: not on PyPI nor in the npm package) become
  empty stub wheels, so `piplite.install('ssl')` succeeds; `import ssl` / `import sqlite3` still fail
  (IPython's history falls back to an in-memory store);
* ``--stub NAME`` ships a lock package as an empty wheel too (jedi: the kernel installs it, IPython
  imports it if it can, for completions that a voici page never asks for: 0.4 CPU-seconds per page);
* adds local wheels (ours) and extra PyPI pins (ipywidgets, comm, mistune) as new lock entries; a pin of a
  package already in the lock replaces its version (IPython 9.x: 8.x cannot import without sqlite3);
* drops every other lock entry (they would point at files that are not there: a request to a missing
  file instead of an import error), unless --keep-all.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

KERNEL_ROOTS = ["micropip", "packaging", "ipython", "jedi", "traitlets", "ssl", "sqlite3"]
CORE_FILES = [
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
]


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_meta(path: Path) -> tuple[str, str, list[str]]:
    """(name, version, top-level import names) of a wheel."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
        name = re.search(r"^Name: (.+)$", text, re.MULTILINE).group(1).strip()
        version = re.search(r"^Version: (.+)$", text, re.MULTILINE).group(1).strip()
        tops = sorted(
            {
                n.split("/")[0].removesuffix(".py")
                for n in names
                if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)
            }
        )
    return name, version, tops


def stub_wheel(out: Path, name: str, version: str) -> Path:
    """An installable wheel with no module: satisfies an install request, imports nothing."""
    fn = out / f"{name}-{version}-py3-none-any.whl"
    di = f"{name}-{version}.dist-info"
    files = {
        f"{di}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: offline stub\n",
        f"{di}/WHEEL": "Wheel-Version: 1.0\nGenerator: pyodide_offline\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{di}/top_level.txt": "",
    }
    record = []
    for p, body in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{p},sha256={digest},{len(body.encode())}")
    record.append(f"{di}/RECORD,,")
    files[f"{di}/RECORD"] = "\n".join(record) + "\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p, body in files.items():
            zi = zipfile.ZipInfo(p, date_time=(2020, 2, 2, 0, 0, 0))
            z.writestr(zi, body)
    fn.write_bytes(buf.getvalue())
    return fn


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("npm_dir", type=Path, help="the extracted npm package (its package/ folder)")
    ap.add_argument("out", type=Path)
    ap.add_argument("--wheel", action="append", default=[], help="local wheel[:dep,dep]")
    ap.add_argument("--pin", action="append", default=[], help="name==version[:dep,dep] from PyPI")
    ap.add_argument("--keep-all", action="store_true")
    ap.add_argument(
        "--stub",
        action="append",
        default=[],
        help="a lock package to ship as an empty wheel (jedi: not imported)",
    )
    ap.add_argument("--cache", type=Path, default=None, help="a folder that keeps the downloaded wheels")
    ap.add_argument("--python-version", default=None, help="for pip download (default: the lock's)")
    a = ap.parse_args()

    out: Path = a.out
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for f in CORE_FILES:
        if (a.npm_dir / f).exists():
            shutil.copy2(a.npm_dir / f, out / f)
    lock = json.loads((out / "pyodide-lock.json").read_text())
    pk = lock["packages"]
    by = {norm(k): k for k in pk}
    pyver = a.python_version or ".".join(lock["info"]["python"].split(".")[:2])

    # closure of what the kernel needs from the lock
    need: list[str] = []
    stubs = {norm(n) for n in a.stub}
    todo = [norm(n) for n in KERNEL_ROOTS]
    while todo:
        n = todo.pop()
        if n in need or n not in by:
            continue
        need.append(n)
        if n not in stubs:
            todo += [norm(d) for d in pk[by[n]]["depends"]]
    keep = set()
    pins = []
    for n in need:
        e = pk[by[n]]
        fn = e["file_name"]
        if n in stubs or e.get("package_type") == "cpython_module":  # ssl, sqlite3, --stub: empty
            stub = stub_wheel(out, e["name"], e["version"])
            e.update(file_name=stub.name, sha256=sha256(stub), depends=[], imports=[], package_type="package")
            keep.add(by[n])
        elif fn.endswith("-none-any.whl"):
            pins.append(f"{e['name']}=={e['version']}")
            keep.add(by[n])
        # shared libraries (openssl) are dropped with the modules that need them
    extra: dict[str, list[str]] = {}
    for spec in a.pin:  # a pin of a package in the lock replaces the lock's version (e.g. a newer IPython)
        req, _, deps = spec.partition(":")
        name = norm(req.split("==")[0])
        pins = [p for p in pins if norm(p.split("==")[0]) != name] + [req]
        extra[name] = [d for d in deps.split(",") if d]

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "pins.txt").write_text("\n".join(pins) + "\n")
        pip = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            pyver,
            "-r",
            str(Path(tmp) / "pins.txt"),
        ]
        if a.cache is None:
            subprocess.run([*pip, "-d", str(out)], check=True)
        else:  # from the cache if every pin is there (offline), else fill the cache from PyPI first
            a.cache.mkdir(parents=True, exist_ok=True)
            offline = [*pip, "--no-index", "--find-links", str(a.cache), "-d", str(out)]
            if subprocess.run(offline, check=False, capture_output=True).returncode != 0:
                subprocess.run([*pip, "-d", str(a.cache)], check=True)
                subprocess.run(offline, check=True)

    def add(path: Path, deps: list[str] | None) -> None:
        name, version, tops = wheel_meta(path)
        key = by.get(norm(name))
        if key is None:
            key = norm(name)
            by[key] = key
            pk[key] = {
                "name": name,
                "version": version,
                "install_dir": "site",
                "package_type": "package",
                "unvendored_tests": False,
                "imports": tops,
                "depends": deps or [],
                "shared_library": False,
            }
        e = pk[key]
        e.update(file_name=path.name, sha256=sha256(path), version=version, unvendored_tests=False)
        if deps is not None:
            e["depends"] = deps
        keep.add(key)

    for whl in sorted(out.glob("*.whl")):
        add(whl, extra.get(norm(wheel_meta(whl)[0])))
    for spec in a.wheel:
        path, _, deps = spec.partition(":")
        src = Path(path)
        shutil.copy2(src, out / src.name)
        add(out / src.name, [d for d in deps.split(",") if d])

    if not a.keep_all:
        lock["packages"] = {k: v for k, v in pk.items() if k in keep}
    # every dependency named must exist, or loadPackage requests a file that is not there
    names = {norm(k) for k in lock["packages"]}
    for v in lock["packages"].values():
        v["depends"] = [d for d in v["depends"] if norm(d) in names]
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{out}: {len(lock['packages'])} lock entries, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
