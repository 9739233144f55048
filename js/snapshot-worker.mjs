// Makes the memory snapshot js/boot.mjs restores, in a Web Worker so that the game does not wait: a
// Pyodide of its own (started with `_makeSnapshot`, which a page's Pyodide must not be: it wraps every
// JavaScript object Python reaches), the page's modules imported from py.zip, py/web/snapshot.py's imports, then
// Python's heap, kept in Cache Storage under its stamp (the page's py.zip and Pyodide's version) in place
// of any older one: only its pages that are not all zeros (more than half of the heap is), which js/boot.mjs
// reads in half the time. Answers {kept: bytes} or {error: message}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

onmessage = async ({ data: { stamp, cache, key, indexURL, page, modules } }) => {
  try {
    const heap = await make(indexURL, modules);
    const snapshot = packPages(heap, page);
    const kept = await caches.open(cache);
    for (const old of await kept.keys()) await kept.delete(old);
    const headers = { "content-type": "application/octet-stream", "x-stamp": stamp, "x-length": String(heap.length) };
    await kept.put(key, new Response(snapshot, { headers }));
    postMessage({ kept: snapshot.size });
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};

// The page's modules are imported from py.zip at the path where the page's start writes it (js/boot.mjs):
// zipimport's listing of it, kept in the snapshot, holds for the page's copy, the same file (the stamp).
async function make(indexURL, modules) {
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const archive = await fetch(new URL("../py.zip", import.meta.url));
  if (!archive.ok) throw new Error(`py.zip: HTTP ${archive.status}`);
  pyodide.FS.writeFile(modules, new Uint8Array(await archive.arrayBuffer()));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(modules)})`);
  pyodide.runPython("from web import snapshot; snapshot.prepare()");
  return pyodide.makeMemorySnapshot();
}

// A bitmap of the heap's pages (bit set: the page is kept), then the kept pages in order.
function packPages(heap, size) {
  const count = Math.ceil(heap.length / size);
  const bitmap = new Uint8Array(Math.ceil(count / 8));
  const kept = [];
  for (let page = 0; page < count; page++) {
    const bytes = heap.subarray(page * size, Math.min((page + 1) * size, heap.length));
    if (bytes.every((byte) => byte === 0)) continue;
    bitmap[page >> 3] |= 1 << (page & 7);
    kept.push(bytes);
  }
  return new Blob([bitmap, ...kept]);
}
