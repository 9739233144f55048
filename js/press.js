// A press on the board held here, in JavaScript, until it ends: a tap or a click calls Python once, at its
// release (py/web/gestures.py reads every other input). Called at the press and again at the release, Python
// spent some 3.5 ms of a phone's CPU drawing the pressed look, and a quick tap's release waited behind that
// work and its frame (bench/handler.py; docs/play.md, "A tap's speed").
//
// Held here: one finger, or the left button alone, on a covered (or question-marked) cell of a game in play,
// with no other pointer on the board. It looks pressed at once, as Python would draw it (its class and the
// face's "oh"), and no listener behind this one hears of it until it ends:
// - released: Python gets the whole tap in one call, `tap(pointerId, pointerType, row, col, across, down)`
//   (`across`, `down`: where in the cell the release is, as fractions, for the replay's cursor);
// - anything else hands it on as it was: a copy of its pointerdown is dispatched to its cell, so every
//   listener hears the press, then the event that ended the hold goes on to them. That is a finger drifting
//   past the slop (a pan), a second pointer (two thumbs, a pinch), the mouse leaving the cell or pressing
//   another button, a finger held for the long-press delay (the copy's `heldMs` says how long it was held),
//   or Python asking (`drop`: the board turned under the press, which then does nothing).
// A board Python treats otherwise is never held: a study's, a replay's, flag mode, the odds shown, a game over.
//
// Painted ahead: a finger's tap lasts some 50 to 150 ms. Once a held press's frame is drawn, Python is asked
// what its tap would open (`foresee(row, col, pointerType)`: a function that paints it, or null where the tap
// would do anything else; py/web/app.py `foresee`). At the release, if nothing on the board changed since,
// the opening is painted here at once and Python gets the tap after that paint, with the release's time
// (`tap(..., timeStamp)`): it plays the tap as ever, its clock counting from the release. A release that
// comes before the look ahead asks at once, for the opening only. A tap waiting so is given to Python before
// any other input of the page (`flush`), a turn of the screen or the page hidden; meanwhile the board is
// `aria-busy` (its state, the face and the clock are the game's, still to come).
"use strict";
globalThis.minesweeperPress = (() => {
  const SLOP = 12; // py/ui/gestures.py SLOP: CSS pixels a finger may drift and still tap
  const PLAYING = ["ready", "playing"];
  const PRESSABLE = ["covered", "question"];
  const held = new Map(); // pointerId -> the press: its pointerdown, cell, the cell's box, the face before
  const down = new Set(); // pointers down on the board, held here or not
  const quiet = new Set(); // taps Python got whole: their lostpointercapture is not its business
  const copies = new WeakSet(); // the pointerdowns dispatched again by `handOn`
  const due = []; // taps painted ahead, waiting for their paint: tap's arguments, the cell, its cells' naming
  // What makes a foresight stale: a cell's look, the grid, or how the board takes a tap.
  const CHANGES = { subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-cell", "data-state", "data-flag-mode", "data-odds", "data-study", "data-replay"] };
  const idle = globalThis.requestIdleCallback || ((work) => setTimeout(work));
  const channel = new MessageChannel(), waiting = []; // `soon`: a task of its own, after the others queued
  channel.port1.onmessage = () => waiting.shift()();
  const soon = (work) => { waiting.push(work); channel.port2.postMessage(0); };
  let board = null, face = null, tap = null, foresee = null;

  const holdable = (event) => {
    const cell = event.target;
    if (down.size || !event.isTrusted || event.button !== 0 || cell === board) return false;
    const touch = event.pointerType !== "mouse";
    if (touch ? board.hasAttribute("data-flag-mode") : event.buttons !== 1) return false;
    return PRESSABLE.includes(cell.getAttribute("data-cell")) && !cell.hasAttribute("data-odds")
      && PLAYING.includes(board.getAttribute("data-state"))
      && !board.hasAttribute("data-study") && !board.hasAttribute("data-replay");
  };

  const release = (press) => {
    held.delete(press.event.pointerId);
    clearTimeout(press.timer);
    if (press.seen) press.seen.disconnect();
    press.cell.className = "";
    if (press.face === null) face.removeAttribute("data-face");
    else face.setAttribute("data-face", press.face);
  };

  // Python hears the press after all: the same pointerdown again, on its cell, for every listener.
  const handOn = (press) => {
    release(press);
    if (!board.contains(press.cell)) return; // a new board: the press is gone with the old one
    const e = press.event;
    const copy = new PointerEvent("pointerdown", {
      bubbles: true, cancelable: true, composed: true, pointerId: e.pointerId, pointerType: e.pointerType,
      isPrimary: e.isPrimary, clientX: e.clientX, clientY: e.clientY, screenX: e.screenX, screenY: e.screenY,
      button: e.button, buttons: e.buttons, width: e.width, height: e.height, pressure: e.pressure,
    });
    copy.heldMs = performance.now() - press.at; // the page's clock, as its timers'
    copies.add(copy);
    press.cell.dispatchEvent(copy);
  };

  // Once the press is drawn, while it is held: what its tap will open, and a watch on the board. Asked in a
  // posted message, not a timer: Chromium holds a page's timers while a finger is down (its scheduler waits
  // some 100 ms to see whether the touch scrolls), so a timer's look ahead ran at a finger's release, and the
  // release waited behind it (measured with the CPU slowed 4x, the press held 100 ms: the look ahead 118 to
  // 130 ms after the press, the release heard 10 to 15 ms after its input; now 23 to 37 ms, and 6 to 7 ms).
  const lookAhead = (press) => requestAnimationFrame(() => soon(() => {
    if (held.get(press.event.pointerId) !== press || !foresee) return;
    const cell = press.cell;
    const paint = foresee(+cell.getAttribute("data-row"), +cell.getAttribute("data-col"), press.event.pointerType);
    if (typeof paint !== "function" || held.get(press.event.pointerId) !== press) return;
    press.paint = paint;
    press.seen = new MutationObserver(() => { press.paint = null; }); // (a change in the release's own task
    press.seen.observe(board, CHANGES); // is still in takeRecords)
  }));

  // Python gets the taps painted ahead, in order; one whose board was replaced meanwhile is gone with it.
  function flush() {
    if (!due.length) return;
    try {
      while (due.length) {
        const args = due.shift(), name = args.pop(), cell = args.pop();
        if (!board.contains(cell)) continue;
        name();
        tap(...args);
      }
    } finally {
      if (!due.length) board.removeAttribute("aria-busy"); // (a tap that failed leaves the rest to come)
    }
  }

  function onDown(event) {
    flush();
    if (copies.has(event)) return;
    // Every pointer down on the board is captured by it (here or by Python): one that is not any more was
    // let go without a release heard here, and must not keep every later press from being held.
    for (const id of down) if (!board.hasPointerCapture(id)) down.delete(id);
    for (const press of [...held.values()]) handOn(press); // a second pointer: Python sees both
    const hold = holdable(event);
    down.add(event.pointerId);
    if (!hold) return;
    event.preventDefault(); // as Python does: no text selection, no focus jump
    event.stopImmediatePropagation();
    board.setPointerCapture(event.pointerId);
    const cell = event.target, touch = event.pointerType !== "mouse";
    const press = {
      event, cell, box: cell.getBoundingClientRect(), face: face.getAttribute("data-face"), at: performance.now(),
    };
    cell.className = touch ? "pressed holding" : "pressed"; // py/web/view.py set_marks
    face.setAttribute("data-face", "pressed");
    if (touch) {
      const delay = parseFloat(board.style.getPropertyValue("--long-press")) || 500;
      press.timer = setTimeout(() => held.get(event.pointerId) === press && handOn(press), delay);
    }
    held.set(event.pointerId, press);
    lookAhead(press);
  }

  const inside = (box, event) =>
    event.clientX >= box.left && event.clientX < box.right && event.clientY >= box.top && event.clientY < box.bottom;

  function onMove(event) {
    const press = held.get(event.pointerId);
    if (!press) {
      if (event.buttons) flush(); // a press Python follows moves on (a hovering mouse changes nothing)
      return;
    }
    const e = press.event;
    const stays = e.pointerType === "mouse"
      ? event.buttons === 1 && inside(press.box, event)
      : (event.clientX - e.clientX) ** 2 + (event.clientY - e.clientY) ** 2 <= SLOP ** 2;
    if (stays) event.stopImmediatePropagation();
    else handOn(press);
  }

  function onUp(event) {
    flush();
    down.delete(event.pointerId);
    const press = held.get(event.pointerId);
    if (!press) return;
    if (press.event.pointerType === "mouse" && !inside(press.box, event)) {
      handOn(press); // released on another cell with no move between: Python decides
      return;
    }
    event.stopImmediatePropagation();
    let paint = press.paint && press.seen.takeRecords().length === 0 ? press.paint : null;
    release(press);
    if (!board.contains(press.cell)) return;
    quiet.add(event.pointerId);
    const { box, cell } = press;
    const across = (event.clientX - box.left) / (box.width || 1), downward = (event.clientY - box.top) / (box.height || 1);
    const row = +cell.getAttribute("data-row"), col = +cell.getAttribute("data-col");
    const args = [event.pointerId, press.event.pointerType, row, col, across, downward];
    // Not worked out while held (a quick tap, released before its press was drawn): now, the opening only.
    if (!paint && foresee) paint = foresee(row, col, press.event.pointerType);
    if (typeof paint !== "function") {
      tap(...args);
      return;
    }
    const name = paint(); // the cells' names after the paint, just before Python hears of the tap
    board.setAttribute("aria-busy", "true"); // the game is not told yet: its state, clock and face to come
    due.push([...args, event.timeStamp, cell, name]);
    // The page's first idle moment after the paint, as its other work after a tap (py/web/dom.py AfterPaint),
    // or sooner: the next input (`flush`), 50 ms after the frame, 250 ms where no frame comes (a hidden page).
    requestAnimationFrame(() => setTimeout(() => idle(flush, { timeout: 50 })));
    setTimeout(flush, 250);
  }

  function onCancel(event) {
    down.delete(event.pointerId);
    const press = held.get(event.pointerId);
    if (press) {
      release(press); // the browser took the pointer: nothing happens, as Python would have it
      event.stopImmediatePropagation();
    } else if (event.type === "lostpointercapture" && quiet.delete(event.pointerId)) {
      event.stopImmediatePropagation(); // (a tap's own, just after its release: before its paint)
    } else {
      flush(); // Python hears it: after the taps before it
    }
  }

  return Object.freeze({
    /** Hold presses on `board` (before its other listeners: in the capture phase) and give each tap to
        `onTap`, asking `onForesee` what it will open while it is held; the face is the element whose
        `data-face` shows the "oh". */
    install(boardElement, faceElement, onTap, onForesee) {
      board = boardElement;
      face = faceElement;
      tap = onTap;
      foresee = onForesee;
      // Any other input, a turn of the screen, the page hidden: after the taps painted ahead.
      for (const kind of ["keydown", "pointerdown", "resize", "pagehide", "visibilitychange"]) {
        addEventListener(kind, flush, true);
      }
      board.addEventListener("pointerdown", onDown, true);
      board.addEventListener("pointermove", onMove, true);
      board.addEventListener("pointerup", onUp, true);
      board.addEventListener("pointercancel", onCancel, true);
      board.addEventListener("lostpointercapture", onCancel, true);
      // No click after a tap: a tap that ends a game would click the panel that opens under the finger.
      board.addEventListener("touchend", (event) => event.cancelable && event.preventDefault());
    },
    /** Let go of every press held here: it does nothing (Python's `let_go`, the board turned under it). */
    drop() {
      for (const press of [...held.values()]) release(press);
    },
  });
})();
