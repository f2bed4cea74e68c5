// Play mode's board input for peg solitaire: a tap or key is matched against
// the legal moves api.py lists (play.js holds them): tap a peg, then the
// hole where its jump (or chain) ends; or arrows to step through the moves
// and Enter to play one.  Routed here by input.js (interface: family.js);
// render/pegs.js draws what playOptions() returns.  The editor is edit/pegs.js.

import { fromGrid } from "../render/pegs.js";

// Peg solitaire's "never lose" judge is fast enough to offer in play mode.
export const judge = true;

// The peg chosen by a tap ([r, c]), or the move the keys point at (index).
const chosen = { from: null, preview: null };

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function movesFrom(moves, cell) {
  return moves.map((m, i) => [m, i]).filter(([m]) => same(m.move_data.path[0], cell));
}

// A tap: on a peg that can move, choose it; then on a hole where one of its
// moves ends, that move (the one with the fewest jumps).  -1: not yet.
export function pickMove(cell, { moves, view }, api) {
  const hole = fromGrid(view, cell.x, cell.y);
  chosen.preview = null;
  if (!hole) return -1;
  const here = [hole.r, hole.c];
  if (chosen.from) {
    const ends = movesFrom(moves, chosen.from)
      .filter(([m]) => same(m.move_data.path[m.move_data.path.length - 1], here))
      .sort((a, b) => a[0].move_data.path.length - b[0].move_data.path.length);
    if (ends.length) { chosen.from = null; return ends[0][1]; }
  }
  const wasHere = same(chosen.from, here);
  chosen.from = null;
  if (!wasHere && movesFrom(moves, here).length) chosen.from = here;
  else if (!wasHere && view.rows[hole.r][hole.c] === "o") api.message("That peg cannot jump.", "info");
  return -1;
}

// Keys: arrows step through the legal moves (shown as a path), Enter or
// Space plays the one shown.
export function pickKey(key, { moves }, api) {
  const order = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (order[key]) {
    if (!moves.length) return -1;
    const k = chosen.preview === null ? (order[key] > 0 ? 0 : moves.length - 1)
      : (chosen.preview + order[key] + moves.length) % moves.length;
    chosen.preview = k;
    chosen.from = null;
    api.message(`Move ${k + 1} of ${moves.length}: ${moves[k].move}. Enter plays it.`, "info");
    api.redraw();
    return -1;
  }
  if (key === "Enter" || key === " ") {
    const k = chosen.preview;
    chosen.preview = null;
    if (k === null || k >= moves.length) return -1;
    api.message("");
    return k;
  }
  if (key === "Escape") { chosen.preview = null; chosen.from = null; api.redraw(); return -1; }
  return null;
}

// What play mode shows: the last move played (not after an undo), the chosen
// peg and where it can land, or the move the keys point at.
export function playOptions({ moves, index, history, lastMove }) {
  const newest = index > 0 && index === history.length - 1;
  const opts = { lastMove: newest ? lastMove : null };
  if (chosen.preview !== null && moves[chosen.preview]) opts.preview = moves[chosen.preview].move_data;
  if (chosen.from && movesFrom(moves, chosen.from).length) {
    opts.selected = { r: chosen.from[0], c: chosen.from[1] };
    const from = movesFrom(moves, chosen.from);
    const end = (m) => m.move_data.path[m.move_data.path.length - 1];
    opts.targets = from.map(([m]) => end(m));
    // "never lose": where a landing makes the goal unreachable, a cross on the board
    opts.losing = from.filter(([m]) => m.winnable === false).map(([m]) => end(m));
  }
  return opts;
}
