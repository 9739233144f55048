// The page's start. index.html imports this module, and this module imports PyScript, so Pyodide starts at
// once, in parallel with PyScript's own modules, config and plugins; PyScript's config names this module as
// its `interpreter` and calls the `loadPyodide` below, which hands over the Pyodide already started (the same
// module instance: one URL, one evaluation).
//
// The files a start needs come through the service worker, which keeps them for the next start and fetches
// the big ones as their gzip siblings (service-worker.js): a first visit registers it and waits until it takes
// the page. Without a worker (a private window, an insecure host, a reload that bypassed it) this module
// fetches the siblings itself and decompresses them (js/gzip.js), or the plain files where the browser
// cannot decompress.
//
// A start restores a memory snapshot of Python's heap when one is kept (Python's own start and the game's
// imports are in it: js/snapshot-worker.mjs makes it in the background after a start without one, and keeps
// it in Cache Storage beside the runtime). Anything wrong with a snapshot (none yet, made by another
// Pyodide build or another version of the game, unreadable, a restore that throws) falls back to a normal
// start and drops that snapshot. Without WebAssembly the page says so instead of loading forever.
// Python's texts in the page's language (js/frame.js chose it: <html lang>) come as i18n/<tag>.mo, fetched
// beside the runtime and put where py/web/i18n.py reads them; what this module says is in index.html.
//
// Glossary:
//   snapshot  Python's whole heap (about 31 MB) after the start and imports, with a header (pyodide.mjs);
//             where and how it is kept: js/snapshot.mjs
//   boot      how this start went, on <html data-boot>: "snapshot", "normal" or "failed" (tests read it)
//   offline   <html data-offline="ready"> once the service worker has kept every file of the site
import "./gzip.js"; // self.gzipSiblings
import { INDEX_URL, MODULES, PAGE, SNAPSHOTS, SNAPSHOT_URL, request, stampOf } from "./snapshot.mjs";

/** Pyodide's version, which PyScript reads: set before this module imports PyScript. */
export let version;

const SITE = new URL("../", import.meta.url);
const MAKE_AFTER_MS = 1500; // after the board is ready: a start's own work comes first
const CATALOGUES = "/home/pyodide/i18n"; // <tag>.mo: py/web/i18n.py reads the page's language's there
const SOURCE = "en"; // the language the texts are written in: no catalogue
const WORKER = { url: new URL("service-worker.js", SITE), options: { updateViaCache: "none" } }; // py/web/updates.py's
// What Pyodide fetches by itself as soon as loadPyodide begins.
const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip"].map((name) => new URL(name, INDEX_URL).href);

// Python's output goes to the console until PyScript hands over its own streams.
const streams = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
performance.mark("boot"); // bench/page.py splits a start at these marks
const boardReady = whenBoardReady().then(() => performance.mark("ready")); // benchmarks read it, in every engine
const served = workerServes().then((yes) => (performance.mark("worker"), yes));
// Pyodide's modules and PyScript, fetched once the worker serves the page (on a first visit, they then come
// through it, compressed on the wire: index.html preloads none of them).
const runtime = served.then(() => import("../vendor/pyodide/pyodide.mjs"));
const factory = served.then(() => import(new URL("pyodide.asm.mjs", INDEX_URL).href));
factory.catch(() => {}); // awaited by the start, which says why it failed
runtime.then((pyodide) => (version = pyodide.version)).catch(() => {}); // a failed import: told by the start
// PyScript reads its config from the page as it is imported: once the page is parsed.
Promise.all([served, parsed()])
  .then(() => import("../vendor/pyscript/core.js"))
  .catch((error) => stall("cannot-start", error));
const catalogue = parsed().then(fetchCatalogue);
catalogue.catch(() => {}); // awaited once Pyodide is up: without it the game speaks English
const started = start().then((pyodide) => (performance.mark("modules"), pyodide));
served.then((yes) => yes && boardReady.then(keepTheRest));

/** PyScript's call: the Pyodide this module started, with PyScript's output streams from now on. */
export function loadPyodide({ stdout, stderr } = {}) {
  if (stdout) streams.stdout = stdout;
  if (stderr) streams.stderr = stderr;
  return started;
}

// Whether the service worker serves this start. A first visit registers it and waits until it takes the page
// (its first install keeps nothing: this costs its script and list, a round trip or two), so that what the
// start fetches comes through it, compressed on the wire, once, and stays for the next start. Not without
// one: a private window, a host without HTTPS, registration refused, or a reload that bypassed the worker.
async function workerServes() {
  const container = navigator.serviceWorker;
  if (!container) return false;
  if (container.controller) return true;
  const taken = new Promise((then) => container.addEventListener("controllerchange", () => then(true), { once: true }));
  try {
    const registration = await container.register(WORKER.url, WORKER.options);
    if (container.controller) return true;
    // null when registration is blocked (the tests' lent contexts); an active version that does not serve
    // this page was bypassed (Shift+reload) and serves the next one.
    const installing = registration?.installing ?? registration?.waiting;
    if (!installing || registration.active) return false;
    const failed = new Promise((then) => {
      installing.addEventListener("statechange", () => installing.state === "redundant" && then(false));
    });
    return await Promise.race([taken, failed]);
  } catch (error) {
    console.warn(`minesweeper: no service worker: ${error.message ?? error}`);
    return false;
  }
}

// Once the board is ready: the worker keeps what this start did not fetch, and the page's language's texts;
// then <html data-offline="ready"> (the tests wait for it before they cut the network).
function keepTheRest() {
  const container = navigator.serviceWorker;
  container.addEventListener("message", (event) => {
    if (event.data === "precached") document.documentElement.dataset.offline = "ready";
  });
  container.startMessages();
  container.controller?.postMessage({ precache: document.documentElement.lang });
}

async function start() {
  if (typeof WebAssembly !== "object") return stall("no-webassembly");
  // py.zip's digest, written at build time in PyScript's config (tools/generate.py): a small file PyScript
  // fetches anyway, where hashing py.zip (450 KB) at every start would wait for all of it.
  const stamp = stampFrom(fetch(new URL("pyscript.json", SITE))).catch(() => null); // null: none used or made
  const modules = fetchFile("py.zip");
  modules.catch(() => {}); // awaited once Pyodide is up: a failed download is told then
  const alone = !(await served);
  const pyodide = (await restored(stamp, alone)) ?? (await normal(stamp, alone));
  performance.mark("pyodide");
  try {
    installModules(pyodide, await modules);
  } catch (error) {
    return stall("cannot-start", error);
  }
  await installCatalogue(pyodide);
  return pyodide;
}

// Pyodide from the kept snapshot; null when there is none or it is not usable (then it is dropped).
async function restored(stamp, alone) {
  const kept = await keptSnapshot();
  if (!kept) return null;
  try {
    const pyodide = await restore(kept, stamp, alone);
    report("snapshot");
    return pyodide;
  } catch (error) {
    console.warn(`minesweeper: a normal start, the snapshot was not usable: ${error.message ?? error}`);
    await dropSnapshot();
    return null;
  }
}

// Pyodide started as it ships; a snapshot is made for the next start.
async function normal(stamp, alone) {
  try {
    runtimeFromSiblings(alone);
    const createPyodideModule = async (settings) => (await factory).default(settings);
    const pyodide = await (await runtime).loadPyodide({ ...options(), createPyodideModule });
    report("normal");
    makeSnapshotLater(stamp);
    return pyodide;
  } catch (error) {
    return stall("cannot-start", error);
  }
}

function options() {
  return {
    indexURL: INDEX_URL,
    stdout: (text) => streams.stdout(text),
    stderr: (text) => streams.stderr(text),
  };
}

async function restore(kept, stamp, alone) {
  // Pyodide sizes its memory from the snapshot's length, then instantiates its WebAssembly and only then
  // copies the heap in: the kept pages are read meanwhile, and put in place before that copy.
  const heap = new Uint8Array(heapLength(kept));
  const pages = kept.arrayBuffer().then((body) => (performance.mark("snapshot read"), body));
  const createPyodideModule = async (settings) => {
    const [module, body] = await Promise.all([(await factory).default(settings), pages]);
    unpackPages(new Uint8Array(body), heap);
    return module;
  };
  runtimeFromSiblings(alone);
  const pyodide = await (await runtime).loadPyodide({ ...options(), _loadSnapshot: heap, createPyodideModule });
  const wanted = await stamp;
  const made = kept.headers.get("x-stamp");
  if (!wanted || made !== wanted) throw new Error(`made for ${made}, this is ${wanted}`);
  // A restored heap repeats the same random state at every start: reseed from the system's entropy.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

// Without a worker, Pyodide's own requests for its WebAssembly and standard library go to their gzip siblings:
// Pyodide makes them with the global fetch as soon as loadPyodide begins, before any hook of ours runs, so
// `fetch` answers each of those two URLs once so, then is itself again (every other request goes on as it is).
function runtimeFromSiblings(alone) {
  if (!alone || !gzipSiblings.usable()) return;
  const fetch = globalThis.fetch;
  const left = new Set(RUNTIME);
  globalThis.fetch = (resource, init) => {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (!left.delete(url)) return fetch(resource, init);
    if (!left.size) globalThis.fetch = fetch;
    return gzipSiblings.fetch(url).catch(() => fetch(url));
  };
}

// A site file, plain: through the worker when it serves the page, else from its gzip sibling where this
// browser can decompress, else the file itself.
async function fetchFile(path) {
  const url = new URL(path, SITE).href;
  const sibling = !(await served) && gzipSiblings.usable();
  const response = sibling ? await gzipSiblings.fetch(url).catch(() => fetch(url)) : await fetch(url);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// py.zip goes first on sys.path (Pyodide's start has put the working folder there), and PyScript's own
// package, which PyScript writes as sources, gets its bytecode from the archive (tools/bundle.py).
function installModules(pyodide, archive) {
  pyodide.FS.writeFile(MODULES, archive);
  const scope = pyodide.globals.get("dict")(); // not the page's globals
  pyodide.runPython(
    `
import sys, zipfile
path = ${JSON.stringify(MODULES)}
if path in sys.path:
    sys.path.remove(path)
sys.path.insert(0, path)
with zipfile.ZipFile(path, metadata_encoding="utf-8") as archive:  # ASCII names: no cp437 codec to import
    archive.extractall(members=[name for name in archive.namelist() if name.startswith("pyscript/")])
`,
    { globals: scope },
  );
  scope.destroy();
}

// The page's language's catalogue of Python's texts (tools/i18n.py compiles them), or null for English.
async function fetchCatalogue() {
  const tag = document.documentElement.lang;
  if (!tag || tag === SOURCE) return null;
  return { tag, bytes: await fetchFile(`i18n/${tag}.mo`) };
}

async function installCatalogue(pyodide) {
  try {
    const found = await catalogue;
    if (!found) return;
    pyodide.FS.mkdirTree(CATALOGUES);
    pyodide.FS.writeFile(`${CATALOGUES}/${found.tag}.mo`, found.bytes);
  } catch (error) {
    console.warn(`minesweeper: the game's words stay in English: ${error.message ?? error}`);
  }
}

// The snapshot is kept as its pages that are not all zeros (about 13 of 31 MB): the body is a bitmap of the
// heap's pages (one bit each, set for a kept page), then those pages in order (js/snapshot-worker.mjs).
function heapLength(kept) {
  const length = Number(kept.headers.get("x-length"));
  if (!Number.isSafeInteger(length) || length <= 0) throw new Error(`no heap length: ${kept.headers.get("x-length")}`);
  return length;
}

function unpackPages(body, heap) {
  const count = Math.ceil(heap.length / PAGE);
  let at = Math.ceil(count / 8);
  for (let page = 0; page < count; page++) {
    if (!(body[page >> 3] & (1 << (page & 7)))) continue;
    const start = page * PAGE;
    const size = Math.min(PAGE, heap.length - start);
    if (at + size > body.length) throw new Error("the snapshot is cut short");
    heap.set(body.subarray(at, at + size), start);
    at += size;
  }
  if (at !== body.length) throw new Error(`the snapshot has ${body.length - at} bytes too many`);
}

async function keptSnapshot() {
  try {
    if (typeof caches === "undefined") return null; // insecure contexts, some private modes
    return (await (await caches.open(SNAPSHOTS)).match(SNAPSHOT_URL)) ?? null;
  } catch {
    return null; // storage refused: a normal start
  }
}

async function dropSnapshot() {
  try {
    await caches.delete(SNAPSHOTS);
  } catch {
    // nothing kept, or storage refused: either way nothing to drop
  }
}

async function stampFrom(response) {
  return stampOf((await (await response).json())["snapshot-stamp"], (await runtime).version);
}

function report(boot) {
  document.documentElement.dataset.boot = boot;
}

// The board, once the page is parsed: this module is `async`, so it may run before the body is. Parsed, not
// DOMContentLoaded, which waits for PyScript's module (the page's language is known by then: js/frame.js).
async function parsed() {
  if (document.readyState === "loading") {
    await new Promise((then) => document.addEventListener("readystatechange", then, { once: true }));
  }
  return document.getElementById("board");
}

// When the board first takes input (leaves `loading`).
async function whenBoardReady() {
  const board = await parsed();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (board.dataset.state === "loading") return;
      watch.disconnect();
      resolve();
    });
    watch.observe(board, { attributes: true, attributeFilter: ["data-state"] });
  });
}

// A snapshot is made only for a page the service worker serves: the worker then reads the runtime from
// the worker's cache, not the network, and the snapshot sits beside it. It runs in a Web Worker, so the
// game does not wait; it is skipped when storage is refused (the next start is simply a normal one).
function makeSnapshotLater(stamp) {
  if (typeof caches === "undefined" || typeof Worker === "undefined") return;
  Promise.all([served, boardReady]).then(([yes]) => yes && setTimeout(async () => {
    if (!(await stamp)) return;
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    const done = (error) => {
      worker.terminate();
      if (error) console.warn(`minesweeper: no snapshot kept: ${error}`);
      document.documentElement.dataset.snapshot = error ? "failed" : "kept";
    };
    worker.onmessage = ({ data }) => done(data.error);
    worker.onerror = (event) => done(event.message || "the worker did not load");
    worker.postMessage(request(await stamp));
  }, MAKE_AFTER_MS));
}

// The page cannot run the game: the loading bar gives way to a message that says why and what to do, in the
// page's language (index.html's #boot-messages, once js/frame.js has put them in it).
async function stall(name, error) {
  report("failed");
  const board = await parsed();
  await textsInPlace();
  const note = document.createElement("p");
  note.className = "stalled";
  note.setAttribute("role", "alert");
  note.textContent = said(name, { error: error?.message ?? error });
  board.setAttribute("aria-busy", "false");
  board.replaceChildren(note);
  return new Promise(() => {}); // PyScript waits for ever: nothing else to show
}

// A message of #boot-messages with its {placeholders} filled in.
function said(name, values) {
  const text = document.querySelector(`#boot-messages [data-message="${name}"]`)?.textContent ?? name;
  return text.replace(/[ \t\n\f\r]+/g, " ").trim().replace(/\{(\w+)\}/g, (all, key) => values[key] ?? all);
}

// Once js/frame.js has put the page's texts in its language, or given up (html[data-texts] is gone).
function textsInPlace() {
  const root = document.documentElement;
  return new Promise((resolve) => {
    if (root.dataset.texts !== "pending") return resolve();
    const watch = new MutationObserver(() => {
      if (root.dataset.texts === "pending") return;
      watch.disconnect();
      resolve();
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-texts"] });
  });
}
