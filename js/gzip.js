// The site's big files travel as their gzip siblings (`X.gz`, tools/compress.py): a host sends those small
// whether it compresses or not, and none compresses them again. This turns a sibling into the file: shared by
// service-worker.js (importScripts), which keeps the plain bytes, and js/boot.mjs (imported for its effect),
// which decompresses them when no worker serves the page. A classic script, so that both can load it.
//
// Glossary:
//   sibling  `X.gz` for a site file `X`: X's bytes gzipped
//   plain    the file's own bytes, with its own type (what `X` would have been served as)
"use strict";

self.gzipSiblings = (() => {
  const TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
  };
  const typeOf = (url) => TYPES[/\.[a-z]+$/.exec(new URL(url).pathname)?.[0]] ?? "application/octet-stream";
  const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

  // The body's bytes, decompressed unless they are not gzip: a host that sends a .gz file with
  // `Content-Encoding: gzip` has the browser decompress it already, and twice would fail. Streamed: the
  // WebAssembly compiles as it arrives.
  async function unpacked(body) {
    const reader = body.getReader();
    const first = await reader.read();
    const whole = new ReadableStream({
      start: (controller) => first.done || controller.enqueue(first.value),
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return !first.done && isGzip(first.value) ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
  }

  return {
    /** Whether this browser can decompress (DecompressionStream: Chrome 80, Firefox 113, Safari 16.4). */
    usable: () => typeof DecompressionStream === "function",

    /** The file at `url` (a URL string), fetched as its sibling: a response with the plain bytes. `keep`, if
     * given, is handed a copy of the sibling's response as it came (the same download, read twice). */
    async fetch(url, init = {}, keep = null) {
      const response = await fetch(`${url}.gz`, init);
      if (!response.ok) throw new Error(`${url}.gz: HTTP ${response.status}`);
      if (keep) Promise.resolve(keep(response.clone())).catch(() => {}); // not kept: fetched again if needed
      return this.plain(response, url);
    },

    /** A response of the sibling of the file at `url` as the file: its plain bytes, with its type. */
    async plain(response, url) {
      const headers = { "Content-Type": typeOf(url) };
      return new Response(await unpacked(response.body), { headers });
    },
  };
})();
