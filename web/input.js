// The board's one input router: the canvas's pointer, key and focus events go
// to the family shown -- its editor (edit/<family>.js) in edit mode, its play
// input (play/<family>.js) in play mode, whose answer is a legal move for
// play.js to apply.  Interfaces in family.js; page.js attaches it once;
// editors and play inputs add no listeners of their own.

/** The arrow keys as [dr, dc] steps on the grid (editors and play inputs). */
export const ARROWS = Object.freeze({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });

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

  canvas.addEventListener("pointerdown", (e) => {
    if (playing()) { playTap(e); return; }
    editor()?.pointerDown?.(e, cellOf(e));
  });
  canvas.addEventListener("pointermove", (e) => editor()?.pointerMove?.(e, cellOf(e)));
  canvas.addEventListener("pointerup", (e) => editor()?.pointerUp?.(e, cellOf(e)));
  canvas.addEventListener("pointercancel", (e) => mounted()?.pointerCancel?.(e));
  canvas.addEventListener("pointerleave", (e) => mounted()?.pointerLeave?.(e));
  canvas.addEventListener("keydown", (e) => {
    if (playing()) { playKey(e); return; }
    editor()?.keyDown?.(e);
  });
  // the editors' cursors show only while the board has the focus
  canvas.addEventListener("focus", () => redraw());
  canvas.addEventListener("blur", () => { mounted()?.blur?.(); redraw(); });

  // A tap in play mode: the play input picks a legal move, or only a piece.
  function playTap(e) {
    e.preventDefault();
    const pick = family()?.play.pickMove;
    const cell = cellOf(e);
    if (!cell || !pick || !app.play.view) return;
    const i = pick(cell, app.play, playApi);
    if (i !== null && i !== undefined && i >= 0) app.play.apply(i);
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
      if (i >= 0) app.play.apply(i);
    } else if (e.key.startsWith("Arrow") || e.key === "Enter" || e.key === " ") {
      e.stopPropagation();
    }
  }
}
