// The loading frame takes the shape of the board that will show, before the first paint (a classic script
// right after #board, so it runs before the page is drawn): the link's board or level, else the game kept
// for a reload, else the level in the settings; a 9x9 that jumped to 30x16 once Python ran is what it
// replaces. Turned as py/ui/layout.py turns it (a board's long side along the screen's). Anything it
// cannot read leaves the 9x9: Python draws the real board either way.
"use strict";

// The page's language, chosen before the first paint: a link's `?lang=` (for this tab only: kept in
// sessionStorage for its reloads and dropped from the address; `?lang=auto` forgets it), else this tab's
// choice from such a link, else the Language setting, else the browser's languages, best match first, else
// English. <html lang> and `dir` say it; Python reads it there (py/web/i18n.py), and js/boot.mjs fetches
// Python's catalogue for it. The marked texts of the page (tools/i18n.py) come from i18n/<tag>.json, put
// in place once the page is parsed; until then css/page.css shows none of the chrome's English, and a fetch
// that fails or is slow leaves the English, so the game never stays without words.
(() => {
  // tools/i18n.py LANGUAGES: the same list, checked there.
  const LANGUAGES = "ar zh-Hans zh-Hant cs nl fr de he hi id it ja ko fa pl pt-BR pt-PT ru es sv th tr uk vi";
  const SOURCE = "en"; // the page as written: nothing to fetch
  const PSEUDO = "en-XA"; // tests' pseudo-locale, by ?lang= only
  const RTL = "ar fa he"; // written right to left: tools/i18n.py's too
  const TAB = "minesweeper.language"; // sessionStorage: a link's ?lang=, for this tab
  const WAIT_MS = 1500; // past this, the English stays: a start never waits on the words
  const known = new Map([SOURCE, ...LANGUAGES.split(" ")].map((tag) => [tag.toLowerCase(), tag]));
  const root = document.documentElement;

  // The language of `wanted` (a BCP 47 tag, in any case) the page speaks, or undefined: a region or
  // script the page lacks falls back to the language (fr-CA: fr), Chinese by script or region (zh-TW,
  // zh-HK, zh-MO: Traditional; zh, zh-CN, zh-SG: Simplified), Portuguese by region (pt: Brazil's).
  const match = (wanted, pseudo = false) => {
    let locale;
    try {
      locale = new Intl.Locale(wanted); // also old codes: iw is he, in is id
    } catch {
      return undefined;
    }
    const { baseName, language, script, region } = locale;
    if (baseName === PSEUDO) return pseudo ? PSEUDO : SOURCE;
    const exact = known.get(baseName.toLowerCase());
    if (exact) return exact;
    if (language === "zh") return script === "Hant" || (!script && ["TW", "HK", "MO"].includes(region)) ? "zh-Hant" : "zh-Hans";
    if (language === "pt") return region && region !== "BR" ? "pt-PT" : "pt-BR";
    return known.get(language);
  };
  const session = (change) => {
    try {
      return change();
    } catch {
      return null; // storage refused: the choice lasts this page only
    }
  };
  const setting = () => {
    try {
      const kept = sessionStorage.getItem("minesweeper.settings") ?? localStorage.getItem("minesweeper.settings");
      return kept && JSON.parse(kept).data?.language;
    } catch {
      return null;
    }
  };

  const parts = location.search.slice(1).split("&").filter(Boolean);
  const linked = parts.find((part) => /^lang(=|$)/.test(part))?.slice(5);
  const fromLink = linked ? match(linked, true) : undefined;
  if (linked !== undefined && (fromLink || !linked || linked === "auto")) {
    // Dropped from the address, the other parts as written: a link copied from here carries no language.
    // A language the page lacks stays for Python, which tells the player and drops it (py/ui/links.py).
    const rest = parts.filter((part) => !/^lang(=|$)/.test(part)).join("&");
    history.replaceState(history.state, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
  }
  if (fromLink) session(() => sessionStorage.setItem(TAB, fromLink));
  else if (linked === "auto") session(() => sessionStorage.removeItem(TAB));
  const chosen = setting();
  const device = navigator.languages?.length ? navigator.languages : [navigator.language];
  const tag =
    fromLink ??
    match(session(() => sessionStorage.getItem(TAB)), true) ??
    (chosen && chosen !== "auto" ? match(chosen) : undefined) ??
    device.map((wanted) => match(wanted)).find(Boolean) ??
    SOURCE;
  root.lang = tag;
  root.dir = RTL.split(" ").includes(tag) ? "rtl" : "ltr";
  if (tag === SOURCE) {
    performance.mark("texts"); // bench/languages.py reads it
    return;
  }

  root.dataset.texts = "pending";
  // Through the service worker when it serves the page, else as the gzip sibling (tools/compress.py), small on
  // any host, where the browser can decompress; the file itself when it cannot, or when the sibling fails (none
  // on this host).
  const url = new URL(`i18n/${tag}.json`, document.baseURI);
  const json = (response) => {
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    return response.json();
  };
  // A host that sent the sibling with `Content-Encoding` has had the browser decompress it already.
  const sibling = () =>
    fetch(`${url}.gz`).then((response) => {
      if (!response.ok) throw new Error(`${url}.gz: HTTP ${response.status}`);
      if (response.headers.has("Content-Encoding")) return json(response);
      return json(new Response(response.body.pipeThrough(new DecompressionStream("gzip"))));
    });
  const compressed = !navigator.serviceWorker?.controller && typeof DecompressionStream === "function";
  const plain = () => fetch(url).then(json);
  const texts = compressed ? sibling().catch(plain) : plain();
  // Parsed: readyState leaves "loading" as soon as the body is, before the deferred scripts run
  // (DOMContentLoaded waits for PyScript's module, 40 to 110 ms later on a warm start).
  const parsed = new Promise((then) => {
    if (document.readyState === "loading") document.addEventListener("readystatechange", then, { once: true });
    else then();
  });
  const late = new Promise((_, fail) => setTimeout(() => fail(new Error("too slow")), WAIT_MS));
  Promise.race([Promise.all([texts, parsed]), late])
    .then(([found]) => apply(found))
    .catch((error) => console.warn(`minesweeper: the page's words stay in English: ${error.message}`))
    .finally(() => {
      delete root.dataset.texts;
      performance.mark("texts");
    });

  // Each translated text into its marked element (tools/i18n.py's order: document order), unless the
  // page is not the one the texts were made for, or Python has already started.
  function apply({ elements, texts }) {
    const marked = document.querySelectorAll("[data-i18n], [data-i18n-attr]");
    if (marked.length !== elements) throw new Error(`${elements} texts' places, the page has ${marked.length}`);
    if (document.getElementById("board")?.dataset.state !== "loading") throw new Error("the game started first");
    for (const [at, key, text] of texts) {
      if (key === "text") fill(marked[at], text);
      else marked[at].setAttribute(key, text);
    }
  }

  // An element's content as the message has it: its text, and its child elements where the placeholders
  // <0>…</0> (the element with that text) and <0/> (the element as it is) put them. Form fields and marked
  // children at either end are not in the message and stay (tools/i18n.py `middle`).
  function fill(element, message) {
    const nodes = [...element.childNodes].filter((node) => node.nodeType === 1 || node.nodeType === 3);
    const held = (node) => (node.nodeType === 3 ? /^[ \t\n\f\r]*$/.test(node.data) : node.matches("input, select, textarea, [data-i18n]"));
    let start = 0;
    let end = nodes.length;
    while (start < end && held(nodes[start])) start++;
    while (end > start && held(nodes[end - 1])) end--;
    const middle = nodes.slice(start, end);
    if (!middle.length) return;
    const spaced = (node, edge) => node.nodeType === 3 && edge.test(node.data);
    const before = start > 0 && spaced(middle[0], /^[ \t\n\f\r]/) ? " " : "";
    const after = end < nodes.length && spaced(middle[middle.length - 1], /[ \t\n\f\r]$/) ? " " : "";
    const parts = middle.filter((node) => node.nodeType === 1);
    const text = before + message + after;
    const built = [];
    let at = 0;
    for (const found of text.matchAll(/<(\d+)>([^<]*)<\/\1>|<(\d+)\/>/g)) {
      built.push(document.createTextNode(text.slice(at, found.index)));
      const part = parts[Number(found[1] ?? found[3])];
      if (part && found[1] !== undefined) part.textContent = found[2];
      if (part) built.push(part);
      at = found.index + found[0].length;
    }
    built.push(document.createTextNode(text.slice(at)));
    for (const node of middle) node.remove();
    for (const node of built) element.insertBefore(node, nodes[end] ?? null);
  }
})();

(() => {
  const LEVELS = { beginner: [9, 9, 10], intermediate: [16, 16, 40], expert: [30, 16, 99] };
  const sides = (text) => text && text.split(".").map(Number);
  const stored = (key) => {
    try {
      const kept = sessionStorage.getItem(key) ?? localStorage.getItem(key);
      return kept && JSON.parse(kept).data;
    } catch {
      return null; // storage refused or damaged: Python says so
    }
  };
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const settings = stored("minesweeper.settings");
  const game = stored("minesweeper.game")?.game;
  const shape =
    sides(hash.get("board"))?.slice(0, 2) ??
    sides(query.get("size")) ??
    LEVELS[query.get("level")] ??
    (game && [game.width, game.height]) ??
    LEVELS[settings?.level] ??
    (settings?.level === "custom" && [settings.width, settings.height, settings.mines]);
  if (!shape || !shape.slice(0, 2).every((side) => Number.isInteger(side) && side >= 1 && side <= 256)) return;
  const [width, height, mines] = shape;
  const root = document.documentElement;
  const turned = (width - height) * (root.clientWidth - root.clientHeight) < 0;
  const [cols, rows] = turned ? [height, width] : [width, height];
  const board = document.getElementById("board");
  board.dataset.cols = cols;
  board.dataset.rows = rows;
  board.style.setProperty("--cols", cols);
  board.style.setProperty("--rows", rows);
  const counter = document.getElementById("mines-left"); // a new game's count; a kept game's comes with it
  if (Number.isInteger(mines)) counter.textContent = String(Math.min(mines, 999)).padStart(3, "0");
})();

// A tap or click on the board while the runtime loads is not lost: its tile shows pressed (css/board.css) and
// `data-tap` keeps it, "row col mouse|touch" in the frame's rows and columns, which py/web/loading.py plays as
// the game's first click once the game is on the board. The first press only; one released off its tile, or
// cancelled, is dropped, as a click released off a cell is.
(() => {
  const board = document.getElementById("board");
  const loading = () => board.dataset.state === "loading";
  const tileAt = ({ clientX, clientY }) => {
    const box = board.getBoundingClientRect();
    const [rows, cols] = [Number(board.dataset.rows), Number(board.dataset.cols)];
    const row = Math.floor(((clientY - box.top) / box.height) * rows);
    const col = Math.floor(((clientX - box.left) / box.width) * cols);
    return row >= 0 && row < rows && col >= 0 && col < cols ? `${row} ${col}` : null;
  };
  let pressed = null; // the tile under a press not yet released
  const drop = () => {
    if (pressed && loading()) delete board.dataset.tap;
    pressed = null;
  };
  board.addEventListener("pointerdown", (event) => {
    if (!loading() || board.dataset.tap || event.button !== 0 || !event.isPrimary) return;
    pressed = tileAt(event);
    if (!pressed) return;
    const [row, col] = pressed.split(" ");
    board.style.setProperty("--tap-row", row);
    board.style.setProperty("--tap-col", col);
    board.dataset.tap = `${pressed} ${event.pointerType === "mouse" ? "mouse" : "touch"}`;
  });
  // Once the game plays, every release comes here too: nothing pressed, nothing to look up (a hit test on a
  // release would lay the page out before the game's own handler).
  board.addEventListener("pointerup", (event) => pressed && (tileAt(event) === pressed ? (pressed = null) : drop()));
  board.addEventListener("pointercancel", drop);
})();

// Settled once the page's deferred scripts (js/cells.js, press.js, sound.js: the helpers Python's parts
// read) have all run. PyScript may run py/main.py before the last of them has come, which awaits this first.
globalThis.minesweeperParsed = new Promise((then) => document.addEventListener("DOMContentLoaded", then, { once: true }));
