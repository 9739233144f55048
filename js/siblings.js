// The site's big files travel as their compressed siblings (`X.zst` or `X.gz`, tools/compress.py): a host
// sends those small whether it compresses or not, and none compresses them again. This turns a sibling into
// the file: shared by service-worker.js (importScripts), which keeps the plain bytes, and js/boot.mjs
// (imported for its effect), which decompresses them when no worker serves the page. A classic script, so
// that both can load it; so is fzstd's decoder (vendor/fzstd/fzstd.js: self.fzstd), which each loads before
// it fetches a Zstandard sibling.
//
// Glossary:
//   sibling  `X.zst` for the runtime and the page's modules (.wasm, .zip, .mjs: Zstandard, 15 to 20% smaller
//            than gzip, decoded by fzstd), `X.gz` for any other site file `X` (gzip, which the browser
//            decompresses itself: DecompressionStream); tools/compress.py has the same rule
//   plain    the file's own bytes, with its own type (what `X` would have been served as)
"use strict";

self.siblings = (() => {
  const TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
  };
  const ZSTD_KINDS = new Set([".wasm", ".zip", ".mjs"]); // tools/compress.py's ZSTD_KINDS
  const SLICE = 64 * 1024; // fzstd decodes this much input at a time, then the thread may do something else
  const kindOf = (url) => /\.[a-z]+$/.exec(new URL(url).pathname)?.[0];
  const typeOf = (url) => TYPES[kindOf(url)] ?? "application/octet-stream";
  const suffixOf = (url) => (ZSTD_KINDS.has(kindOf(url)) ? ".zst" : ".gz");
  const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;
  const isZstd = (bytes) => bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd;
  // A new task (what the thread has waiting goes first): scheduler.yield where there is one, since nested
  // timeouts are clamped to 4 ms each. Only a page shown has input and frames to let through: a worker, or a
  // page in a hidden tab (where a browser may hold a timeout back for a second), goes on.
  const shown = () => typeof document !== "undefined" && document.visibilityState === "visible";
  const nextTask = () => self.scheduler?.yield?.() ?? new Promise((then) => setTimeout(then, 0));

  // Zstandard decoded as it arrives: fzstd in a TransformStream, on a page a slice of input per task, so
  // that a body that arrives all at once (a fast network, Cache Storage) does not hold its thread for long.
  function zstdStream() {
    let out;
    const decoder = new self.fzstd.Decompress((chunk) => chunk.length && out.enqueue(chunk));
    return new TransformStream({
      start: (controller) => void (out = controller),
      async transform(chunk) {
        for (let at = 0; at < chunk.length; at += SLICE) {
          if (at && shown()) await nextTask();
          decoder.push(chunk.subarray(at, at + SLICE));
        }
      },
      flush: () => decoder.push(new Uint8Array(0), true),
    });
  }

  // The body's bytes, decompressed unless they are not a sibling's: a host that sends a sibling with
  // `Content-Encoding` has the browser decompress it already, and twice would fail. Streamed: the
  // WebAssembly compiles as it arrives.
  async function unpacked(body) {
    const reader = body.getReader();
    let first = await reader.read();
    // The first read may be shorter than a magic number; gzip's is 2 bytes, Zstandard's 4.
    while (!first.done && first.value.length < 4) {
      const more = await reader.read();
      if (more.done) break;
      const joined = new Uint8Array(first.value.length + more.value.length);
      joined.set(first.value);
      joined.set(more.value, first.value.length);
      first = { done: false, value: joined };
    }
    const whole = new ReadableStream({
      start: (controller) => first.done || controller.enqueue(first.value),
      pull: async (controller) => {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    if (first.done) return whole;
    if (isZstd(first.value)) return whole.pipeThrough(zstdStream());
    if (isGzip(first.value)) return whole.pipeThrough(new DecompressionStream("gzip"));
    return whole;
  }

  return {
    /** Whether this browser can decompress the sibling of the file at `url`: Zstandard by fzstd where it
     * loaded (and streams can be transformed: Chrome 67, Firefox 102, Safari 14.1), gzip with
     * DecompressionStream (Chrome 80, Firefox 113, Safari 16.4). */
    usable: (url) =>
      suffixOf(url) === ".zst"
        ? typeof self.fzstd?.Decompress === "function" && typeof TransformStream === "function"
        : typeof DecompressionStream === "function",

    /** The URL of the sibling of the file at `url`. */
    of: (url) => `${url}${suffixOf(url)}`,

    /** The file at `url` (a URL string), fetched as its sibling: a response with the plain bytes. `keep`, if
     * given, is handed a copy of the sibling's response as it came (the same download, read twice). */
    async fetch(url, init = {}, keep = null) {
      const response = await fetch(this.of(url), init);
      if (!response.ok) throw new Error(`${this.of(url)}: HTTP ${response.status}`);
      if (keep) Promise.resolve(keep(response.clone())).catch(() => {}); // not kept: fetched again if needed
      return this.plain(response, url);
    },

    /** A response of the sibling of the file at `url` as the file: its plain bytes, with its type. A host
     * that sent the sibling with `Content-Encoding` and the file's type has had the browser decode it: that
     * response goes on as it came, a real one (V8 keeps the compiled WebAssembly of such a response). */
    async plain(response, url) {
      const type = response.headers.get("Content-Type")?.split(";")[0].trim();
      if (response.headers.has("Content-Encoding") && type === typeOf(url)) return response;
      const headers = { "Content-Type": typeOf(url) };
      return new Response(await unpacked(response.body), { headers });
    },
  };
})();
