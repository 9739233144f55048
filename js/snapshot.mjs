// Where and how the memory snapshot is kept, for js/boot.mjs (which restores it and asks for it) and for the
// tests that make one the same way (tests/e2e/conftest.py). tools/bundle.py reads MODULES from here, so the
// archive's place in Pyodide's file system is written once.
//
// Glossary:
//   stamp     py.zip's SHA-256 (in pyscript.json), Pyodide's version and how the snapshot is kept: a snapshot
//             is used only by the build that made it
//   page      4 KiB of the heap; most are zeros, and a snapshot keeps only the others

const SITE = new URL("../", import.meta.url);
export const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
// Cache Storage is per origin: the site's path keeps two copies of the site on one host apart.
export const SNAPSHOTS = `minesweeper-snapshot ${SITE.pathname}`;
// The compressed siblings a start without the service worker fetched, for the worker's install to keep
// (js/boot.mjs, service-worker.js: the same name).
export const HANDOFF = `minesweeper-handoff ${SITE.pathname}`;
export const SNAPSHOT_URL = new URL("snapshot", SITE).href; // the one key in that cache (nothing is served there)
export const PAGE = 4096; // the unit in which a snapshot keeps the heap (js/snapshot-worker.mjs)
// The page's modules (tools/bundle.py), written whole into Pyodide's file system: Python imports from the
// archive (zipimport), first on sys.path. The snapshot is made with it at the same place.
export const MODULES = "/home/pyodide/py.zip";

/** The stamp a snapshot made now carries, from py.zip's digest and Pyodide's version. */
export function stampOf(digest, version) {
  return digest ? `${digest} pyodide ${version} pages ${PAGE}` : null;
}

/** What js/snapshot-worker.mjs needs to make and keep a snapshot under `stamp`. */
export function request(stamp) {
  return { stamp, cache: SNAPSHOTS, key: SNAPSHOT_URL, indexURL: INDEX_URL, page: PAGE, modules: MODULES };
}
