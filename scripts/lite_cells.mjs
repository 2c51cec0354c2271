// Run every code cell of the static site's lesson pages in Pyodide under Node (docs/lite.md).
//
//   node scripts/lite_cells.mjs [SITE] [PAGE...]
//
// SITE is a built site (default build/lite: `make lite`); PAGE names like 04_scoring (default:
// every NN_*.ipynb the site holds). Pyodide comes from SITE/static/pyodide with every package
// of the site's lock file (the project's wheel included), as the page's kernel loads them; no
// kernel and no front-end: widgets are built, never clicked. Pyodide boots once (about 10 s);
// each page starts with the project's modules unloaded (re-imported as a fresh page would) and
// a namespace of its own, and runs its cells in order until one raises. (The table's delayed
// plays are the front-end's timers: a page leaves no Python task running.)
//
// Prints one JSON line per page: {"page", "cells", "ran", "failed": null | {"cell", "source",
// "error"}} ("cell" counts code cells from 0; "error" is the Python traceback's tail), a
// summary on stderr, and exits 1 if a page failed (2 if the site is missing).

import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const TRACEBACK_LINES = 25;

const PAGE = /^\d\d_.*\.ipynb$/;

const [siteArg, ...wanted] = process.argv.slice(2);
const site = path.resolve(siteArg ?? "build/lite");
const pyodideDir = path.join(site, "static", "pyodide");
const filesDir = path.join(site, "files");
if (!fs.existsSync(path.join(pyodideDir, "pyodide.js")) || !fs.existsSync(filesDir)) {
  console.error(`no static site at ${site}: build it with \`make lite\``);
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { loadPyodide } = require(path.join(pyodideDir, "pyodide.js"));
const lock = JSON.parse(fs.readFileSync(path.join(pyodideDir, "pyodide-lock.json"), "utf8"));
const packages = Object.keys(lock.packages);

const pages = fs.readdirSync(filesDir).filter((name) => PAGE.test(name)).sort()
  .map((name) => name.replace(/\.ipynb$/, ""))
  .filter((name) => wanted.length === 0 || wanted.includes(name));
const missing = wanted.filter((name) => !pages.includes(name));
if (missing.length) {
  console.error(`no such page in ${filesDir}: ${missing.join(", ")}`);
  process.exit(2);
}

// Each page: the project's modules unloaded, and a namespace of its own.
const FRESH_PAGE = `
import sys
for _name in [m for m in sys.modules if m.partition(".")[0] == "tressette_learn"]:
    del sys.modules[_name]
{"__name__": "__main__"}
`;

function codeCells(page) {
  const notebook = JSON.parse(fs.readFileSync(path.join(filesDir, `${page}.ipynb`), "utf8"));
  return notebook.cells.filter((cell) => cell.cell_type === "code")
    .map((cell) => [].concat(cell.source).join(""));
}

function tail(text) {
  return String(text).trim().split("\n").slice(-TRACEBACK_LINES).join("\n");
}

async function runPage(py, page) {
  const cells = codeCells(page);
  const result = { page, cells: cells.length, ran: 0, failed: null };
  const scratch = py.toPy({});
  const globals = await py.runPythonAsync(FRESH_PAGE, { globals: scratch });
  scratch.destroy();
  try {
    for (const source of cells) {
      const value = await py.runPythonAsync(source, { globals });
      value?.destroy?.();
      result.ran += 1;
    }
  } catch (error) {
    result.failed = { cell: result.ran, source: cells[result.ran],
                      error: tail(error.message || `${error.type ?? error} (no traceback)`) };
  } finally {
    globals.destroy();
  }
  return result;
}

const quiet = () => {}; // what Python prints (widgets' reprs) is not reported
let py;
try {
  py = await loadPyodide({ indexURL: pyodideDir + path.sep, packages,
                           stdout: quiet, stderr: quiet });
} catch (error) { // Pyodide itself or a package of the lock failed to load
  console.error(`Pyodide did not load from ${pyodideDir}:\n${tail(error.stack)}`);
  process.exit(1);
}

let failures = 0;
for (const page of pages) {
  const started = Date.now();
  const result = await runPage(py, page);
  console.log(JSON.stringify(result));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    failures += 1;
    console.error(`${page}: cell ${result.failed.cell} failed (${seconds} s)\n`
                  + `${result.failed.source}\n${result.failed.error}\n`);
  } else {
    console.error(`${page}: ${result.ran} cells ran (${seconds} s)`);
  }
}
console.error(`${pages.length - failures} of ${pages.length} pages ran every cell`);
process.exit(failures ? 1 : 0);
