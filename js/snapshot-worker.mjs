// Makes the memory snapshot js/boot.mjs restores, in a Web Worker so that the game does not wait: a
// Pyodide of its own (started with `_makeSnapshot`, which a page's Pyodide must not be: it wraps every
// JavaScript object Python reaches), the page's modules from py.zip, py/web/snapshot.py's imports, then
// Python's heap, kept in Cache Storage under its stamp (the page's py.zip and Pyodide's version) in place
// of any older one. Answers {kept: bytes} or {error: message}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

onmessage = async ({ data: { stamp, cache, key, indexURL } }) => {
  try {
    const snapshot = await make(indexURL);
    const kept = await caches.open(cache);
    for (const old of await kept.keys()) await kept.delete(old);
    const headers = { "content-type": "application/octet-stream", "x-stamp": stamp };
    await kept.put(key, new Response(snapshot, { headers }));
    postMessage({ kept: snapshot.byteLength });
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};

async function make(indexURL) {
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const archive = await fetch(new URL("../py.zip", import.meta.url));
  if (!archive.ok) throw new Error(`py.zip: HTTP ${archive.status}`);
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip");
  pyodide.runPython("from web import snapshot; snapshot.prepare()");
  return pyodide.makeMemorySnapshot();
}
