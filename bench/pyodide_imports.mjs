// How long Pyodide (under Node.js) takes to import what the tutor's kernel imports, from a site's
// Pyodide folder: before/after comparisons of the wheels `make lite` ships (docs/benchmarks.md,
// "Static site"). Prints boot, loadPackage and import times in ms (and the import's CPU time).
//
//   node bench/pyodide_imports.mjs build/work-lite/npm/package build/lite/static/pyodide
import path from "node:path";
import { pathToFileURL } from "node:url";

const [npmDir, site] = process.argv.slice(2).map((p) => path.resolve(p));
if (!npmDir || !site) {
  console.error("usage: node bench/pyodide_imports.mjs PYODIDE_NPM_PACKAGE_DIR SITE_PYODIDE_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(npmDir, "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ indexURL: site + "/", lockFileURL: path.join(site, "pyodide-lock.json") });
const t1 = performance.now();
await py.loadPackage(["ipython", "traitlets", "comm", "jedi"], { messageCallback: () => {} });
const t2 = performance.now();
const c2 = process.cpuUsage();
py.runPython("import IPython, IPython.core.interactiveshell, jedi, traitlets, prompt_toolkit, pygments.lexers");
const t3 = performance.now();
const c3 = process.cpuUsage(c2);
const cpu = Math.round((c3.user + c3.system) / 1000);
console.log(
  `boot ${Math.round(t1 - t0)} ms, loadPackage ${Math.round(t2 - t1)} ms, import ${Math.round(t3 - t2)} ms (CPU ${cpu} ms)`,
);
