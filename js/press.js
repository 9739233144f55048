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
"use strict";
globalThis.minesweeperPress = (() => {
  const SLOP = 12; // py/ui/gestures.py SLOP: CSS pixels a finger may drift and still tap
  const PLAYING = ["ready", "playing"];
  const PRESSABLE = ["covered", "question"];
  const held = new Map(); // pointerId -> the press: its pointerdown, cell, the cell's box, the face before
  const down = new Set(); // pointers down on the board, held here or not
  const quiet = new Set(); // taps Python got whole: their lostpointercapture is not its business
  const copies = new WeakSet(); // the pointerdowns dispatched again by `handOn`
  let board = null, face = null, tap = null;

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

  function onDown(event) {
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
  }

  const inside = (box, event) =>
    event.clientX >= box.left && event.clientX < box.right && event.clientY >= box.top && event.clientY < box.bottom;

  function onMove(event) {
    const press = held.get(event.pointerId);
    if (!press) return;
    const e = press.event;
    const stays = e.pointerType === "mouse"
      ? event.buttons === 1 && inside(press.box, event)
      : (event.clientX - e.clientX) ** 2 + (event.clientY - e.clientY) ** 2 <= SLOP ** 2;
    if (stays) event.stopImmediatePropagation();
    else handOn(press);
  }

  function onUp(event) {
    down.delete(event.pointerId);
    const press = held.get(event.pointerId);
    if (!press) return;
    if (press.event.pointerType === "mouse" && !inside(press.box, event)) {
      handOn(press); // released on another cell with no move between: Python decides
      return;
    }
    event.stopImmediatePropagation();
    release(press);
    if (!board.contains(press.cell)) return;
    quiet.add(event.pointerId);
    const { box, cell } = press;
    const across = (event.clientX - box.left) / (box.width || 1), downward = (event.clientY - box.top) / (box.height || 1);
    tap(event.pointerId, press.event.pointerType, +cell.getAttribute("data-row"), +cell.getAttribute("data-col"),
      across, downward);
  }

  function onCancel(event) {
    down.delete(event.pointerId);
    const press = held.get(event.pointerId);
    if (press) {
      release(press); // the browser took the pointer: nothing happens, as Python would have it
      event.stopImmediatePropagation();
    } else if (event.type === "lostpointercapture" && quiet.delete(event.pointerId)) {
      event.stopImmediatePropagation();
    }
  }

  return Object.freeze({
    /** Hold presses on `board` (before its other listeners: in the capture phase) and give each tap to
        `onTap`; the face is the element whose `data-face` shows the "oh". */
    install(boardElement, faceElement, onTap) {
      board = boardElement;
      face = faceElement;
      tap = onTap;
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
