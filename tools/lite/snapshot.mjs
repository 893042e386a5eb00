// Make the memory snapshot the site's kernel starts from: Pyodide with every package of the site's lock
// installed and the kernel's and the lessons' modules imported, saved once at build time, so that a
// page restores it instead of unpacking ~20 wheels and importing IPython again (docs/adr/0007).
//
//   node tools/lite/snapshot.mjs PYODIDE_NPM_PACKAGE_DIR SITE_PYODIDE_DIR widgets.lite_pages:prepare   (build.sh)
//
// Writes into SITE_PYODIDE_DIR:
// * snapshot.bin: Pyodide's memory snapshot (0.27's `makeMemorySnapshot`: the wasm heap, with the
//   JavaScript objects Python holds named by where they are found, see `serializer`);
// * snapshot-files.bin: the files the heap expects (site-packages, IPython's profile folder), which a
//   snapshot does not hold: a little-endian u32 length, a JSON list of [path, size] (size -1: a folder),
//   then every file's bytes in that order.
// tools/lite/start.js (the kernel's `pyodideUrl`) reads both in the page's worker; it falls back to an
// ordinary start when either is missing or does not fit (another Pyodide build: its BUILD_ID check).
//
// The modules imported: the kernel's (`piplite.piplite`, `pyodide_kernel`, which also builds IPython's
// shell), then the project's own preparation (widgets.lite_pages.prepare: every module of the project,
// the caches every page fills first). Nothing here may keep a JavaScript object
// that `serializer` cannot name, nor load a shared library (a snapshot holds the heap, not the wasm
// modules a `dlopen` added): the site's packages are pure Python (ssl and sqlite3 are empty stubs).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [npmDir, siteDir] = process.argv.slice(2, 4).map((p) => path.resolve(p));
const prepare = process.argv[4];
if (!npmDir || !siteDir || !prepare || !prepare.includes(":")) {
  console.error("usage: node snapshot.mjs PYODIDE_NPM_PACKAGE_DIR SITE_PYODIDE_DIR PREPARE_MODULE:FUNCTION");
  process.exit(2);
}
process.on("uncaughtException", (e) => {  // one line, not Pyodide's whole minified source
  console.error(`snapshot: ${e.type || e.name}: ${String(e.message).split("\n").slice(-3).join(" ")}`);
  process.exit(1);
});
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(npmDir, "pyodide.mjs")).href);
// the same files as the site's (its lock, its precompiled wheels); _sysExecutable: the browser's default
// (Node's would be this script's path, and os.environ["_"] with it)
const py = await loadPyodide({
  indexURL: siteDir + "/",
  lockFileURL: path.join(siteDir, "pyodide-lock.json"),
  _makeSnapshot: true,
  _sysExecutable: "./this.program",
});
const lock = JSON.parse(fs.readFileSync(path.join(siteDir, "pyodide-lock.json"), "utf8"));
const SITE_PACKAGES = py._api.sitepackages;

// 1. every package of the lock, unpacked as loadPackage would (not loadPackage itself: it fills
//    `pyodide.loadedPackages`, which the heap refers to and a snapshot cannot carry; start.js fills it)
const loader = py.pyimport("pyodide._package_loader");
for (const pkg of Object.values(lock.packages)) {
  if (!pkg.file_name.endsWith("-none-any.whl")) {
    console.error(`snapshot: ${pkg.file_name} is not pure Python (a shared library cannot be snapshotted)`);
    process.exit(1);
  }
  const data = new Uint8Array(fs.readFileSync(path.join(siteDir, pkg.file_name)));
  loader.unpack_buffer.callKwargs(data, {
    filename: pkg.file_name,
    extract_dir: SITE_PACKAGES,
    installer: "pyodide.loadPackage",
    source: "pyodide",
  });
}
loader.destroy();

// 2. the kernel's modules (pyodide_kernel also starts IPython's shell), then the project's own
//    preparation (PREPARE, "module:function": its modules imported, its caches filled)
const [prepModule, prepFunction] = prepare.split(":");
const imported = py
  .runPython(
    `
def _start():
    import importlib
    import piplite.piplite, pyodide_kernel  # what the kernel's worker imports
    return getattr(importlib.import_module(${JSON.stringify(prepModule)}), ${JSON.stringify(prepFunction)})()

_imported = _start()
del _start
_imported
`,
  )
  .toJs();
py.runPython("del _imported");

// 3. the files the heap expects (site-packages, IPython's profile folder made by the shell's start)
const list = py
  .runPython(
    `
import os
_files = []
for _top in (${JSON.stringify(SITE_PACKAGES)}, os.path.expanduser("~"), "/share"):
    for _base, _dirs, _names in os.walk(_top):
        _dirs.sort()
        _files.append([_base, -1])
        _files += [[os.path.join(_base, n), os.path.getsize(os.path.join(_base, n))] for n in sorted(_names)]
_files
`,
  )
  .toJs();
py.runPython("del _files, _top, _base, _dirs, _names, os");

// 4. the snapshot. A JavaScript object Python keeps is named by where it is found: a global (Pyodide's
//    own proxy records the path), a property of the Pyodide API (`pyodide_js.loadPackagesFromImports`),
//    or of its internal API (`abortSignalAny`, imported by pyodide.http); start.js looks them up again.
const serializer = (obj) => {
  const fn = typeof obj === "function";
  if (obj === py) return { pyodide: "" };
  for (const k of Object.getOwnPropertyNames(py)) if (py[k] === obj) return { pyodide: k, fn };
  for (const k of Object.getOwnPropertyNames(py._api)) if (py._api[k] === obj) return { api: k, fn };
  throw new Error(`snapshot: Python holds a JavaScript ${typeof obj} that cannot be named: ${String(obj).slice(0, 200)}`);
};
const snapshot = py.makeMemorySnapshot({ serializer });
fs.writeFileSync(path.join(siteDir, "snapshot.bin"), snapshot);

const index = Buffer.from(JSON.stringify(list), "utf8");
const head = Buffer.alloc(4);
head.writeUInt32LE(index.length);
const parts = [head, index];
let bytes = 0;
for (const [p, size] of list) {
  if (size < 0) continue;
  const data = py.FS.readFile(p);
  parts.push(data);
  bytes += data.length;
}
fs.writeFileSync(path.join(siteDir, "snapshot-files.bin"), Buffer.concat(parts));
const mb = (n) => (n / 1e6).toFixed(1);
console.log(
  `snapshot: ${mb(snapshot.length)} MB heap, ${list.filter((e) => e[1] >= 0).length} files (${mb(bytes)} MB), ` +
    `${imported.length} modules of the project, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
