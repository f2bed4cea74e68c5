// Play mode's board input for sliding tiles: the legal move (api.py's list,
// held by play.js) that moves the tile under the pointer, or the tile an
// arrow key pushes into the blank.  Routed here by input.js (interface:
// family.js); the editor is edit/tiles.js, the drawing render/tiles.js.

const KEY_DIRS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };

export function pickMove(cell, { moves, view }) {
  const tile = view.cells[cell.r * view.width + cell.c];
  return moves.findIndex((m) => m.move_data.tile === tile);
}

export function pickKey(key, { moves }) {
  const dir = KEY_DIRS[key];
  if (!dir) return null;
  return moves.findIndex((m) => m.move_data.dir === dir);
}
