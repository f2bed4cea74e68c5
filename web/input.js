// The board's one input router: the canvas's pointer, key and focus events go
// to the family shown -- its editor (edit/<family>.js) in edit mode, its play
// input (play/<family>.js) in play mode, whose answer is a legal move for
// play.js to apply.  In play mode a pointer that moves DRAG_PX is a drag
// (the play input follows it: dragStart, dragMove, dragEnd, and its answer
// is the moves to play), one that does not is a tap (pickMove).  Interfaces
// in family.js; page.js attaches it once; editors and play inputs add no
// listeners of their own.

/** The arrow keys as [dr, dc] steps on the grid (editors and play inputs). */
export const ARROWS = Object.freeze({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });

const DRAG_PX = 8;      // a pointer that moves this far (CSS pixels) drags; less is a tap

/**
 * @param {import("./state.js").AppState} app
 * @param {HTMLCanvasElement} canvas
 * @param {{redraw: () => void, playApi: import("./family.js").PlayApi}} parts
 */
export function routeInput(app, canvas, { redraw, playApi }) {
  const family = () => app.families[app.desc?.family];
  const playing = () => !!app.play?.active;
  // The editor mounted beside the board (none before the first position is
  // described: a position drawn from storage is not editable yet).
  const mounted = () => (app.mounted && app.mounted === app.desc?.family ? family()?.edit : null);
  // It takes no gesture in play mode, nor while a search runs (its edits would be refused).
  const editor = () => (playing() || document.body.dataset.state === "solving" ? null : mounted());
  const cellOf = (e) => app.board.cellAt(e.clientX, e.clientY);
  // play mode's gesture under way: {id, x0, y0, cell, dragging, taken}
  let gesture = null;

  canvas.addEventListener("pointerdown", (e) => {
    if (playing()) { playDown(e); return; }
    editor()?.pointerDown?.(e, cellOf(e));
  });
  canvas.addEventListener("pointermove", (e) => {
    if (playing()) { playMove(e); return; }
    editor()?.pointerMove?.(e, cellOf(e));
  });
  canvas.addEventListener("pointerup", (e) => {
    if (playing()) { playUp(e); return; }
    editor()?.pointerUp?.(e, cellOf(e));
  });
  canvas.addEventListener("pointercancel", (e) => {
    if (gesture) dropGesture();
    mounted()?.pointerCancel?.(e);
  });
  canvas.addEventListener("pointerleave", (e) => mounted()?.pointerLeave?.(e));
  canvas.addEventListener("keydown", (e) => {
    if (playing()) { playKey(e); return; }
    editor()?.keyDown?.(e);
  });
  // the editors' cursors show only while the board has the focus
  canvas.addEventListener("focus", () => redraw());
  canvas.addEventListener("blur", () => { mounted()?.blur?.(); redraw(); });

  // Play mode: a pointer goes down.  The play input says whether a drag
  // can start there (a piece that has a legal move); the board keeps the
  // pointer while it does, and the page does not scroll.
  function playDown(e) {
    e.preventDefault();
    if (e.button > 0) return;
    const cell = cellOf(e);
    const input = family()?.play;
    gesture = { id: e.pointerId, x0: e.clientX, y0: e.clientY, cell, dragging: false, taken: false };
    if (cell && input?.dragStart && app.play.view && !app.play.busy) {
      gesture.taken = !!input.dragStart(cell, app.play, playApi);
    }
    if (gesture.taken) canvas.setPointerCapture?.(e.pointerId);
  }

  function playMove(e) {
    if (!gesture || e.pointerId !== gesture.id) return;
    e.preventDefault();
    if (!gesture.dragging && Math.hypot(e.clientX - gesture.x0, e.clientY - gesture.y0) >= DRAG_PX) {
      gesture.dragging = true;
    }
    if (gesture.dragging && gesture.taken) {
      family()?.play.dragMove?.(app.board.gridAt(e.clientX, e.clientY), app.play, playApi);
      redraw();
    }
  }

  // The pointer comes up: a drag plays what the play input matched (one
  // move, or several in a row, each matched against the legal moves after
  // the one before); a pointer that did not move is a tap.
  function playUp(e) {
    if (!gesture || e.pointerId !== gesture.id) return;
    e.preventDefault();
    const g = gesture;
    gesture = null;
    const input = family()?.play;
    if (g.dragging && g.taken) {
      const steps = input?.dragEnd?.(app.board.gridAt(e.clientX, e.clientY), app.play, playApi) || [];
      redraw();
      playSteps(steps);
      return;
    }
    if (g.taken) input?.dragCancel?.(app.play);
    if (!g.dragging && g.cell) playTap(g.cell);
    else redraw();
  }

  function dropGesture() {
    if (gesture?.taken) family()?.play.dragCancel?.(app.play);
    gesture = null;
    redraw();
  }

  async function playSteps(steps) {
    for (const step of steps) {
      const i = step(app.play);
      if (i === null || i === undefined || i < 0) break;
      await app.play.apply(i);
    }
    redraw();
  }

  // A tap in play mode: the play input picks a legal move, or only a piece.
  function playTap(cell) {
    const pick = family()?.play.pickMove;
    if (!pick || !app.play.view) return;
    const i = pick(cell, app.play, playApi);
    if (i !== null && i !== undefined && i >= 0) app.play.apply(i, { slide: true });
    else redraw();
  }

  // A key in play mode; the keys it takes (and the arrows, Enter and Space
  // it does not) go no further: Space would toggle playback.
  function playKey(e) {
    const pick = family()?.play.pickKey;
    const i = pick && app.play.view ? pick(e.key, app.play, playApi) : null;
    if (i !== null && i !== undefined) {
      e.stopPropagation();
      e.preventDefault();
      if (i >= 0) app.play.apply(i, { slide: true });
    } else if (e.key.startsWith("Arrow") || e.key === "Enter" || e.key === " ") {
      e.stopPropagation();
    }
  }
}
