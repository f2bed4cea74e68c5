// Play mode's board input for sliding tiles: the legal move (api.py's list,
// held by play.js) that moves the tile under the pointer, or the tile an
// arrow key pushes into the blank; a tile dragged or swiped toward the blank
// follows the finger (in the multi-tile count the tiles between it and the
// blank come along) and goes there when let go past SNAP.  Routed here by
// input.js (interface: family.js); the editor is edit/tiles.js, the drawing
// render/tiles.js (its `drag` option).

const KEY_DIRS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };
const SNAP = 0.25;        // cells a tile must be dragged toward the blank to go there

// The drag under way: where it started (grid units), the moves that carry
// the tile grabbed, the one it follows and how far (0..1); `pending`: the
// move let go, drawn where it was dropped until the next view comes.
const drag = { x0: 0, y0: 0, own: [], follow: null, off: 0, pending: null };

export function pickMove(cell, { moves, view }) {
  const tile = view.cells[cell.r * view.width + cell.c];
  return moves.findIndex((m) => m.move_data.tile === tile);
}

export function pickKey(key, { moves }) {
  const dir = KEY_DIRS[key];
  if (!dir) return null;
  return moves.findIndex((m) => m.move_data.dir === dir);
}

// A drag can start on a tile that a legal move slides (it is the far end
// of the line that move carries).
export function dragStart(cell, { moves, view }) {
  const tile = view.cells[cell.r * view.width + cell.c];
  drag.own = tile ? moves.filter((m) => m.move_data.tile === tile) : [];
  drag.x0 = cell.x;
  drag.y0 = cell.y;
  drag.follow = null;
  drag.off = 0;
  drag.pending = null;
  return drag.own.length > 0;
}

// The tile follows the finger along its move's direction, at most one cell.
export function dragMove(at) {
  const dx = at.x - drag.x0;
  const dy = at.y - drag.y0;
  drag.follow = null;
  drag.off = 0;
  for (const m of drag.own) {
    const [dr, dc] = STEP[m.move_data.dir];
    const along = dx * dc + dy * dr;
    if (along > drag.off) { drag.off = Math.min(1, along); drag.follow = m; }
  }
}

export function dragEnd(at, game) {
  dragMove(at);
  const m = drag.off >= SNAP ? drag.follow : null;
  drag.own = [];
  drag.follow = null;
  if (!m) return [];
  drag.pending = { view: game.view, move: m.move_data };
  return [(g) => g.moves.findIndex((x) => x.code === m.code)];
}

export function dragCancel() {
  drag.own = [];
  drag.follow = null;
  drag.pending = null;
}

// What play mode shows: the tiles being dragged, where the finger has them.
export function playOptions({ view }) {
  if (drag.follow) return { drag: offset(drag.follow.move_data, drag.off) };
  if (drag.pending && drag.pending.view === view) return { drag: offset(drag.pending.move, 1) };
  drag.pending = null;
  return {};
}

function offset(move, off) {
  const [dr, dc] = STEP[move.dir];
  return { tiles: move.tiles || [move.tile], dx: dc * off, dy: dr * off };
}
