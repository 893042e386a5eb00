/* Nidavellir Tutor, the static site: start the kernel's Python from the memory snapshot `make lite` made
 * (tools/lite/snapshot.mjs; docs/adr/0007-static-site.md).
 *
 * The Pyodide kernel's web worker loads this file as its `pyodideUrl` (importScripts) and calls
 * `loadPyodide({indexURL, ...loadPyodideOptions})`. This `loadPyodide` loads Pyodide's own, then starts it
 * from `snapshot.bin` (every package installed, IPython's shell and the lessons' modules imported) and
 * writes the files the snapshot's heap expects (`snapshot-files.bin`) into the new file system, instead
 * of unpacking every wheel and importing everything again. Anything wrong (a file missing, another
 * Pyodide build) and it starts Pyodide the ordinary way, with the options it was given.
 */
(function () {
  "use strict";

  async function bytes(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  function writeFiles(FS, blob) {
    const n = new DataView(blob.buffer, blob.byteOffset, 4).getUint32(0, true);
    const list = JSON.parse(new TextDecoder().decode(blob.subarray(4, 4 + n)));
    let offset = 4 + n;
    for (const [path, size] of list) {
      if (size < 0) {
        FS.mkdirTree(path);
      } else {
        FS.writeFile(path, blob.subarray(offset, offset + size));
        offset += size;
      }
    }
    if (offset !== blob.length) throw new Error("snapshot-files.bin: wrong length");
  }

  self.loadPyodide = async function (options) {
    const index = options.indexURL.endsWith("/") ? options.indexURL : options.indexURL + "/";
    const loaded = Promise.all([bytes(index + "snapshot.bin"), bytes(index + "snapshot-files.bin")]);
    loaded.catch(() => {});  // looked at below
    importScripts(index + "pyodide.js");  // Pyodide's loadPyodide (replaces this one on self)
    const pyodideLoad = self.loadPyodide;
    let snapshot, files;
    try {
      [snapshot, files] = await loaded;
    } catch (e) {
      console.warn("no Python snapshot, an ordinary start:", e);
      return pyodideLoad(options);
    }
    // the JavaScript objects the snapshot's Python holds, named by snapshot.mjs's serializer
    let api = null;
    const deserializer = (s) => {
      const target = () => (s.pyodide === "" ? api : s.pyodide !== undefined ? api[s.pyodide] : api._api[s.api]);
      if (s.fn) return (...args) => target()(...args);
      return new Proxy({}, {
        get: (_, key) => target()[key],
        has: (_, key) => key in target(),
        set: (_, key, value) => { target()[key] = value; return true; },
      });
    };
    let pyodide;
    try {
      pyodide = await pyodideLoad({
        ...options, packages: [], _loadSnapshot: snapshot, _snapshotDeserializer: deserializer,
      });
      api = pyodide;
      writeFiles(pyodide.FS, files);
      // every package of the lock is installed: loadPackage and the kernel's loadPackagesFromImports
      // must not install them again
      for (const pkg of Object.values(pyodide._api.lockfile_packages)) {
        pyodide.loadedPackages[pkg.name] = "default channel";
      }
      pyodide.runPython("__import__(\"random\").seed()");  // not the build's sequence (no name bound)
    } catch (e) {
      console.warn("the Python snapshot did not start, an ordinary start:", e);
      return pyodideLoad(options);
    }
    return pyodide;
  };
})();
