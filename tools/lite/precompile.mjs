// Precompile the pure-Python wheels of the site's Pyodide folder to bytecode, with Pyodide's own Python
// (3.12, under Node.js), and rewrite their sha256 in pyodide-lock.json.
//
//   node tools/lite/precompile.mjs PYODIDE_NPM_PACKAGE_DIR SITE_PYODIDE_DIR      (tools/lite/build.sh)
//
// Why: the wheels from PyPI hold only sources, and a page's Python starts from an empty in-memory file
// system every time, so every page load compiled IPython, prompt_toolkit, jedi, pygments, traitlets,
// ipywidgets and ours again, the same cold or warm (the browser cache keeps the files, not their
// bytecode). Now the other packages' wheels hold bytecode in place of their sources (`X.pyc` beside
// where `X.py` was, as Pyodide's own packages do: no bigger than the sources; tracebacks in the log
// lose those lines), and ours keeps its sources (`nidlib.tools.where` reads them) with
// `__pycache__/*.cpython-312.pyc`. Every .pyc is "unchecked-hash" (PEP 552): used as it is, never
// compared with the sources' times (an unpacked wheel's files get new ones).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [npmDir, siteDir] = process.argv.slice(2).map((p) => path.resolve(p));
if (!npmDir || !siteDir) {
  console.error("usage: node precompile.mjs PYODIDE_NPM_PACKAGE_DIR SITE_PYODIDE_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(npmDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: npmDir + "/" });
py.runPython(`
import compileall, os, py_compile, shutil, warnings, zipfile

def precompile(src, dst, sourceless):
    root = "/tmp/wheel"
    shutil.rmtree(root, ignore_errors=True)
    with zipfile.ZipFile(src) as z:
        z.extractall(root)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. invalid escapes in a package's own tests
        ok = compileall.compile_dir(
            root, quiet=2, legacy=sourceless,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    if sourceless:  # X.pyc in place of X.py, as Pyodide's own packages: no bigger than the sources
        for base, _dirs, files in os.walk(root):
            for name in files:
                if name.endswith(".py") and os.path.exists(os.path.join(base, name + "c")):
                    os.remove(os.path.join(base, name))
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        for base, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                full = os.path.join(base, name)
                out.write(full, os.path.relpath(full, root))
    return ok
`);
const precompile = py.globals.get("precompile");
const OWN = "nidavellir-tutor";
const lockPath = path.join(siteDir, "pyodide-lock.json");
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const pyVersion = lock.info.python.split(".").slice(0, 2).join(".");
if (!py.runPython("import sys; sys.version").startsWith(pyVersion)) {
  console.error(`precompile: Pyodide's Python is not the site's (${pyVersion})`);
  process.exit(1);
}
let before = 0;
let after = 0;
for (const pkg of Object.values(lock.packages)) {
  if (!pkg.file_name.endsWith("-none-any.whl")) continue; // pure-Python wheels only
  const file = path.join(siteDir, pkg.file_name);
  const data = fs.readFileSync(file);
  py.FS.writeFile("/tmp/in.whl", data);
  // ours keeps its sources (nidlib.tools.where reads them); the others ship bytecode only
  const sourceless = pkg.name !== OWN;
  if (!precompile("/tmp/in.whl", "/tmp/out.whl", sourceless)) console.error(`precompile: ${pkg.file_name}: some files did not compile`);
  const out = py.FS.readFile("/tmp/out.whl");
  fs.writeFileSync(file, out);
  pkg.sha256 = crypto.createHash("sha256").update(out).digest("hex");
  before += data.length;
  after += out.length;
}
fs.writeFileSync(lockPath, JSON.stringify(lock));
console.log(`precompiled the pure-Python wheels: ${(before / 1e6).toFixed(1)} MB -> ${(after / 1e6).toFixed(1)} MB`);
