// Play mode's board input for peg solitaire: a gesture is matched against
// the legal moves api.py lists (play.js holds them): drag a peg over a
// neighbour into a hole, and on over the next while the finger stays down
// (the holes it lands in are matched against the moves' paths: under the
// "move" count the whole chain is one move, under "jump" each jump is
// played as it lands); or tap a peg, then the hole where its jump (or
// chain) ends; or arrows to step through the moves and Enter to play one.
// Routed here by input.js (interface: family.js); render/pegs.js draws what
// playOptions() returns.  The editor is edit/pegs.js.

import { fromGrid } from "../render/pegs.js";

// Peg solitaire's "never lose" judge is fast enough to offer in play mode.
export const judge = true;

// The peg chosen by a tap ([r, c]), or the move the keys point at (index).
const chosen = { from: null, preview: null };

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
const LAND = 0.42;        // cells from a hole's centre where a dragged peg lands in it

// The drag under way: the holes the peg has landed in so far (its start
// first), the finger (grid units), whether each jump is a move of its own
// (the "jump" count: played as it lands; `waiting` is the view until that
// move's position comes); `pending`: the chain let go, drawn until the next
// view comes.
const drag = { path: null, at: null, single: false, waiting: null, pending: null };

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
export function playOptions(game) {
  const { moves, index, history, lastMove } = game;
  const newest = index > 0 && index === history.length - 1;
  const opts = { lastMove: newest ? lastMove : null };
  const dragged = game.view ? dragOptions(game) : null;
  if (dragged) return { ...opts, ...dragged };
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

// -------------------------------------------------------------- drag ---

// The moves whose path starts with `path` ([[r, c], ...]).
function extending(moves, path) {
  return moves.filter((m) => path.every((cell, k) => same(m.move_data.path[k], cell)));
}

export function dragStart(cell, { moves, view }) {
  const hole = fromGrid(view, cell.x, cell.y);
  drag.pending = null;
  if (!hole || !movesFrom(moves, [hole.r, hole.c]).length) return false;
  Object.assign(drag, { path: [[hole.r, hole.c]], at: { x: cell.x, y: cell.y }, waiting: null,
    // a move that is one jump only: every chain is played jump by jump
    single: moves.every((m) => m.move_data.path.length === 2) });
  return true;
}

// The peg follows the finger; over an empty hole where a chain of its goes
// on, it lands there; back over the hole before, it takes that jump back.
export function dragMove(at, game, api) {
  if (!drag.path) return;
  drag.at = at;
  if (drag.waiting && game.view === drag.waiting) return;      // the jump played is on its way
  drag.waiting = null;
  const hole = fromGrid(game.view, at.x, at.y, LAND);
  if (!hole) return;
  const cell = [hole.r, hole.c];
  const last = drag.path[drag.path.length - 1];
  if (same(cell, last)) return;
  if (drag.path.length > 1 && same(cell, drag.path[drag.path.length - 2])) { drag.path.pop(); return; }
  const longer = [...drag.path, cell];
  const on = extending(game.moves, longer);
  if (!on.length) return;
  if (drag.single) {
    // the "jump" count: this jump is a move of its own, played now
    const i = game.moves.indexOf(on[0]);
    drag.waiting = game.view;
    drag.path = [cell];
    api.apply?.(i);
    return;
  }
  drag.path = longer;
}

// Let go: the chain landed so far, when it is a move ("move" count).
export function dragEnd(at, game, api) {
  dragMove(at, game, api);
  const path = drag.path;
  drag.path = null;
  chosen.from = null;           // a drag, not a tap: nothing stays chosen
  chosen.preview = null;
  if (!path || path.length < 2 || drag.single) return [];
  const move = game.moves.find((m) => m.move_data.path.length === path.length && extending([m], path).length);
  if (!move) return [];
  drag.pending = { view: game.view, move: move.move_data };
  return [(g) => g.moves.findIndex((x) => x.code === move.code)];
}

export function dragCancel() {
  drag.path = null;
  drag.pending = null;
}

// What play mode shows while a peg is held (render/pegs.js's `drag`): the
// peg under the finger, the pegs its chain has jumped so far, where it can
// land next, with a cross where a landing leaves the goal out of reach.
function dragOptions(game) {
  if (drag.path) {
    const on = extending(game.moves, drag.path);
    const n = drag.path.length;
    const removed = on.length ? on[0].move_data.removed.slice(0, n - 1) : [];
    const next = on.filter((m) => m.move_data.path.length > n);
    return {
      drag: { path: drag.path, removed, at: drag.at },
      targets: next.map((m) => m.move_data.path[n]),
      losing: next.filter((m) => m.move_data.path.length === n + 1 && m.winnable === false)
        .map((m) => m.move_data.path[n]),
    };
  }
  if (drag.pending && drag.pending.view === game.view) {
    const p = drag.pending.move.path;
    const end = p[p.length - 1];
    return { drag: { path: p, removed: drag.pending.move.removed, at: null, end } };
  }
  drag.pending = null;
  return null;
}
