// Run a Python file in Pyodide under Node (the interpreter the site ships):
//   node run_python.mjs PYODIDE_DIR HOST_DIR SCRIPT.py [ARG...]
// HOST_DIR is mounted at /host; sys.argv is [SCRIPT.py, ARG...]; if the script defines
// `async def run()`, it is awaited once the script has run. Prints "pyodide loaded in N s" on
// stderr. Used by the build (byte-compiling wheels
// with Pyodide's own Python) and by benchmarks/lite_boot.py.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, host, script, ...args] = process.argv.slice(2);
const start = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(dir) + "/" });
console.error(`pyodide loaded in ${((performance.now() - start) / 1000).toFixed(2)} s`);
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(host) }, "/host");
pyodide.globals.get("__import__")("sys").argv = pyodide.toPy([script, ...args]);
try {
  await pyodide.runPythonAsync(fs.readFileSync(script, "utf8"), { filename: script });
  const run = pyodide.globals.get("run");
  if (run) await run();
} catch (error) {
  console.error(error.message || String(error));
  process.exit(1);
}
