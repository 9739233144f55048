// The page's start. index.html imports this module first, so Pyodide starts at once, in parallel with
// PyScript's own modules, config and plugins; PyScript's config names this module as its `interpreter`
// and calls the `loadPyodide` below, which hands over the Pyodide already started (the same module
// instance: one URL, one evaluation).
//
// Where the runtime comes from. When the service worker serves the page (every start after the first), from
// its Cache Storage, plain, under the files' own URLs: Pyodide's own fetch of its WebAssembly is answered
// from there, which V8's code cache needs. When none does (a first visit: the worker registers once the board
// is ready, and never holds the start up; a private window, an insecure host, a Shift+reload), this module
// fetches the big files as their compressed siblings and decompresses them (js/siblings.js), small on any
// host, and hands each sibling over to the worker (HANDOFF), which keeps its plain bytes once it installs: a
// first visit downloads each file once. The plain files where the browser cannot decompress.
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
//   offline   <html data-offline="ready"> once the service worker serves the page: it keeps every file then
//   handoff   the compressed siblings this start fetched, in Cache Storage for the worker's install to keep
import * as pyodideModule from "../vendor/pyodide/pyodide.mjs";
import "./siblings.js"; // self.siblings
import { HANDOFF, INDEX_URL, MODULES, PAGE, SNAPSHOTS, SNAPSHOT_URL, request, stampOf } from "./snapshot.mjs";

export const version = pyodideModule.version;

const SITE = new URL("../", import.meta.url);
const MAKE_AFTER_MS = 1500; // after the board is ready: a start's own work comes first
const CATALOGUES = "/home/pyodide/i18n"; // <tag>.mo: py/web/i18n.py reads the page's language's there
const SOURCE = "en"; // the language the texts are written in: no catalogue
const FACTORY = new URL("pyodide.asm.mjs", INDEX_URL).href; // Pyodide's Emscripten module
const PAINT_WAIT_MS = 2000; // a first visit's downloads wait for the first paint at most this long
// What Pyodide fetches by itself as soon as loadPyodide begins.
const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip"].map((name) => new URL(name, INDEX_URL).href);

// Python's output goes to the console until PyScript hands over its own streams.
const streams = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
performance.mark("boot"); // bench/page.py splits a start at these marks
const served = Boolean(navigator.serviceWorker?.controller); // the worker serves this start: files kept plain
const alone = !served; // else the big files come as their compressed siblings, fetched here
const handoff = alone ? openHandoff() : Promise.resolve(null);
// A first visit's 4 MB begin once the loading frame is on the screen, so that the page's own styles, font
// and frame come first on a phone's network (the largest paint is the frame's counter). A start the worker
// serves reads its cache, and begins at once.
// The runtime's files, asked for as soon as they may be (Pyodide would ask only once its own module has run):
// `early` holds them once `painted` is settled, which the start awaits first.
const early = new Map();
const painted = alone ? Promise.all([firstPaint(), loadDecoder()]).then(fetchRuntime) : Promise.resolve(null);
const factory = alone ? painted.then(({ module }) => module) : import(FACTORY);
factory.catch(() => {}); // awaited by the start, which says why it failed
const boardReady = whenBoardReady().then(() => performance.mark("ready")); // benchmarks read it, in every engine
const catalogue = parsed().then(fetchCatalogue);
catalogue.catch(() => {}); // awaited once Pyodide is up: without it the game speaks English
const started = start().then((pyodide) => (performance.mark("modules"), pyodide));
whenServed().then(() => (document.documentElement.dataset.offline = "ready"));

/** PyScript's call: the Pyodide this module started, with PyScript's output streams from now on. */
export function loadPyodide({ stdout, stderr } = {}) {
  if (stdout) streams.stdout = stdout;
  if (stderr) streams.stderr = stderr;
  return started;
}

// Once the page has painted (its stylesheets are in, a frame has run), or after a while whatever happens: a
// hidden tab paints nothing.
async function firstPaint() {
  await parsed();
  if (document.visibilityState === "hidden") return;
  await new Promise((then) => {
    requestAnimationFrame(() => setTimeout(then, 0)); // after the frame this callback comes before
    setTimeout(then, PAINT_WAIT_MS);
  });
}

// fzstd, the decoder of the Zstandard siblings (self.fzstd, for js/siblings.js): only a start that fetches
// them loads it. Without it, the plain files (js/siblings.js's `usable`).
function loadDecoder() {
  return import("../vendor/fzstd/fzstd.js").catch(() => {});
}

// The first visit's runtime, as siblings: the WebAssembly and the standard library for Pyodide's own fetch
// (`early`), and Pyodide's module (wrapped: the start need not wait for it).
function fetchRuntime() {
  for (const url of RUNTIME) early.set(url, siblingOf(url));
  return { module: siblingModule(FACTORY).catch(() => import(FACTORY)) };
}

// Once the service worker serves the page: it takes the page only once it has kept every file (its install
// keeps them all, the page's siblings first), so the site plays offline from then on.
async function whenServed() {
  const container = navigator.serviceWorker;
  if (!container) return new Promise(() => {});
  if (!container.controller) await new Promise((then) => container.addEventListener("controllerchange", then, { once: true }));
}

// The handoff cache, where this start leaves the siblings it fetched; null without storage or a worker.
async function openHandoff() {
  try {
    if (!navigator.serviceWorker || typeof caches === "undefined") return null;
    return await caches.open(HANDOFF);
  } catch {
    return null; // storage refused: the worker's install fetches again
  }
}

// A file fetched as its compressed sibling, plain (the file itself if the host has no sibling, or the browser
// cannot decompress it); the sibling as it came is left in the handoff cache on the way (the same bytes, read
// once: the browser tees them).
async function siblingOf(url) {
  if (!siblings.usable(url)) return fetch(url);
  try {
    return await siblings.fetch(url, {}, (sibling) => handoff.then((cache) => cache?.put(sibling.url, sibling)));
  } catch {
    return fetch(url);
  }
}

// Pyodide's Emscripten module from its sibling. An ES module cannot be imported from bytes under this page's
// Content Security Policy (no blob: scripts), so its text runs as a function body ('unsafe-eval', which
// Pyodide needs anyway): its one `export default` becomes a return, and `import.meta.url` its own URL.
// Launches import the file itself (served plain by the worker), where V8 keeps its compiled code.
async function siblingModule(url) {
  const response = await siblingOf(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const text = await response.text();
  const body = text.replace(/\bexport default (\w+);\s*$/, "return $1;");
  if (body === text) throw new Error(`${url}: no default export at its end`);
  const run = new Function(`${body.replaceAll("import.meta.url", JSON.stringify(url))}\n//# sourceURL=${url}`);
  return { default: run() };
}

async function start() {
  if (typeof WebAssembly !== "object") return stall("no-webassembly");
  await painted;
  // py.zip's digest, written at build time in PyScript's config (tools/generate.py): a small file PyScript
  // fetches anyway, where hashing py.zip (450 KB) at every start would wait for all of it.
  const stamp = stampFrom(fetch(new URL("pyscript.json", SITE))).catch(() => null); // null: none used or made
  const modules = fetchFile("py.zip");
  modules.catch(() => {}); // awaited once Pyodide is up: a failed download is told then
  const pyodide = (await restored(stamp)) ?? (await normal(stamp));
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
async function restored(stamp) {
  const kept = await keptSnapshot();
  if (!kept) return null;
  try {
    const pyodide = await restore(kept, stamp);
    report("snapshot");
    return pyodide;
  } catch (error) {
    console.warn(`minesweeper: a normal start, the snapshot was not usable: ${error.message ?? error}`);
    await dropSnapshot();
    return null;
  }
}

// Pyodide started as it ships; a snapshot is made for the next start.
async function normal(stamp) {
  try {
    runtimeFromSiblings();
    // Python's start is long on a phone; each step in a task of its own, so that the page answers a tap
    // (js/frame.js) and paints in between: the module's set-up, then Python's own start.
    const createPyodideModule = async (settings) => {
      const module = await (await factory).default(settings);
      await nextTask();
      return module;
    };
    const pyodide = await pyodideModule.loadPyodide({ ...options(), createPyodideModule });
    report("normal");
    makeSnapshotLater(stamp);
    await nextTask(); // then the page's modules, PyScript's prelude and py/main.py
    return pyodide;
  } catch (error) {
    return stall("cannot-start", error);
  }
}

// A new task: what the browser has waiting (an input, a frame) goes first. A snapshot's start is short and
// does not yield: a launch's time is all it is measured by.
function nextTask() {
  if (globalThis.scheduler?.yield) return scheduler.yield();
  return new Promise((then) => setTimeout(then, 0));
}

function options() {
  return {
    indexURL: INDEX_URL,
    stdout: (text) => streams.stdout(text),
    stderr: (text) => streams.stderr(text),
  };
}

async function restore(kept, stamp) {
  // Pyodide sizes its memory from the snapshot's length, then instantiates its WebAssembly and only then
  // copies the heap in: the kept pages are read meanwhile, and put in place before that copy.
  const heap = new Uint8Array(heapLength(kept));
  const pages = kept.arrayBuffer().then((body) => (performance.mark("snapshot read"), body));
  const createPyodideModule = async (settings) => {
    const [module, body] = await Promise.all([(await factory).default(settings), pages]);
    unpackPages(new Uint8Array(body), heap);
    return module;
  };
  runtimeFromSiblings();
  const pyodide = await pyodideModule.loadPyodide({ ...options(), _loadSnapshot: heap, createPyodideModule });
  const wanted = await stamp;
  const made = kept.headers.get("x-stamp");
  if (!wanted || made !== wanted) throw new Error(`made for ${made}, this is ${wanted}`);
  // A restored heap repeats the same random state at every start: reseed from the system's entropy.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

// Without a worker, Pyodide's own requests for its WebAssembly and standard library are answered with the
// siblings fetched at boot: Pyodide makes them with the global fetch as soon as loadPyodide begins, before any
// hook of ours runs, so `fetch` answers each of those two URLs once so, then is itself again (every other
// request goes on as it is). A restore that failed, then a normal start: the second one fetches as usual.
function runtimeFromSiblings() {
  if (!early.size) return;
  const fetch = globalThis.fetch;
  globalThis.fetch = (resource, init) => {
    const url = resource instanceof Request ? resource.url : String(resource);
    const response = early.get(url);
    if (!early.delete(url)) return fetch(resource, init);
    if (!early.size) globalThis.fetch = fetch;
    return response;
  };
}

// A site file, plain: through the worker when it serves the page, else from its compressed sibling where
// this browser can decompress it, else the file itself.
async function fetchFile(path) {
  const url = new URL(path, SITE).href;
  const response = alone ? await siblingOf(url) : await fetch(url);
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
  return stampOf((await (await response).json())["snapshot-stamp"], version);
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

// A snapshot is made only for a page the service worker serves: the Web Worker then reads the runtime from
// the service worker's cache, not the network, and the snapshot sits beside it. It runs in a Web Worker, so the
// game does not wait; it is skipped when storage is refused (the next start is simply a normal one).
function makeSnapshotLater(stamp) {
  if (typeof caches === "undefined" || typeof Worker === "undefined") return;
  boardReady.then(() => setTimeout(async () => {
    if (!(await stamp)) return;
    await whenServed(); // a first visit: once the worker has installed and taken the page
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
