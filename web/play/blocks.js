// Play mode's board input for sliding blocks: a gesture is matched against
// the legal moves api.py lists (play.js holds them): drag a block (it
// follows the finger through the places its legal moves reach -- round
// corners under the "move" count -- and stops at cells it cannot enter;
// let go, it takes the nearest of them), or tap a block, then where it
// should go; or Enter to choose a block and an arrow to push it.  Routed
// here by input.js (interface: family.js); render/blocks.js draws what
// playOptions() returns.  The editor is edit/blocks.js.

import { ARROWS } from "../input.js";
import { blocksOf, topLeft, letterAt } from "../render/blocks.js";

// The block chosen, and the cell it was taken by (where a tap moves that cell to).
const chosen = { block: null, grab: null };

// The drag under way: the block, where it was grabbed (grid units), the
// places its legal moves take it ([dr, dc] -> the move), the unit segments
// between neighbouring places (the ways it can be slid), where it is drawn
// ([dr, dc], fractional); `pending`: the move let go, drawn where it was
// dropped until the next view comes.
const drag = { block: null, x0: 0, y0: 0, places: new Map(), segments: [], off: [0, 0], pending: null };

function displacement(m) {
  return (m.move_data.path || []).reduce((s, [dr, dc]) => [s[0] + dr, s[1] + dc], [0, 0]);
}

function movesOf(moves, letter) {
  return moves.map((m, i) => [m, i]).filter(([m]) => m.move_data.block === letter);
}

function choose(view, letter, grab) {
  const [r, c] = topLeft(blocksOf(view.rows).get(letter));
  chosen.block = letter;
  chosen.grab = grab || { r, c };
}

// A tap: on a block that can move, choose it; then on a cell, the move of the
// chosen block that takes the tapped-from cell there (or, failing that, the
// shortest one whose place covers the tapped cell).  -1: nothing to play yet.
export function pickMove(cell, { moves, view }, api) {
  const letter = letterAt(view.rows, cell.r, cell.c);
  if (chosen.block && movesOf(moves, chosen.block).length && (!letter || letter === chosen.block)) {
    const mine = movesOf(moves, chosen.block);
    const want = [cell.r - chosen.grab.r, cell.c - chosen.grab.c];
    let hit = mine.find(([m]) => { const d = displacement(m); return d[0] === want[0] && d[1] === want[1]; });
    if (!hit) {
      const cells = blocksOf(view.rows).get(chosen.block) || [];
      const covers = mine.filter(([m]) => {
        const [dr, dc] = displacement(m);
        return cells.some(([r, c]) => r + dr === cell.r && c + dc === cell.c);
      }).sort((a, b) => a[0].move_data.steps - b[0].move_data.steps);
      hit = covers[0];
    }
    if (hit) { chosen.block = null; return hit[1]; }
    if (letter === chosen.block) { chosen.block = null; return -1; }
    return -1;
  }
  chosen.block = null;
  if (letter && movesOf(moves, letter).length) choose(view, letter, { r: cell.r, c: cell.c });
  else if (letter) api.message(`Block ${letter} cannot move.`, "info");
  return -1;
}

// Keys: Enter or Space chooses the next block that can move; an arrow moves
// the chosen block one cell that way (when it can).
export function pickKey(key, { moves, view }, api) {
  const movable = [...new Set(moves.map((m) => m.move_data.block))].sort();
  if (key === "Enter" || key === " ") {
    if (!movable.length) return -1;
    const next = movable[(movable.indexOf(chosen.block) + 1) % movable.length];
    choose(view, next);
    api.redraw();
    return -1;
  }
  if (key === "Escape") { chosen.block = null; api.redraw(); return -1; }
  if (!ARROWS[key]) return null;
  if (!chosen.block || !movable.includes(chosen.block)) {
    if (!movable.length) return -1;
    choose(view, movable[0]);
  }
  const [dr, dc] = ARROWS[key];
  const hit = movesOf(moves, chosen.block).find(([m]) => { const d = displacement(m); return d[0] === dr && d[1] === dc; });
  if (!hit) { api.redraw(); return -1; }
  chosen.grab = { r: chosen.grab.r + dr, c: chosen.grab.c + dc };
  return hit[1];
}

// What play mode shows: the block dragged, or the chosen block and the
// places it can go.
export function playOptions({ moves, view }) {
  const dragged = view ? dragOptions(view) : null;
  if (dragged) return dragged;
  if (!chosen.block || !view || !movesOf(moves, chosen.block).length) return {};
  const cells = blocksOf(view.rows).get(chosen.block) || [];
  return {
    selected: chosen.block,
    targets: movesOf(moves, chosen.block).map(([m]) => {
      const [dr, dc] = displacement(m);
      return cells.map(([r, c]) => [r + dr, c + dc]);
    }),
  };
}

// -------------------------------------------------------------- drag ---

const key = ([dr, dc]) => `${dr},${dc}`;

export function dragStart(cell, { moves, view }) {
  const letter = letterAt(view.rows, cell.r, cell.c);
  const mine = letter ? movesOf(moves, letter) : [];
  drag.pending = null;
  if (!mine.length) return false;
  // each place once, by its shortest move
  const places = new Map([["0,0", null]]);
  for (const [m] of [...mine].sort((a, b) => a[0].move_data.steps - b[0].move_data.steps)) {
    const k = key(displacement(m));
    if (!places.has(k)) places.set(k, m);
  }
  const points = [...places.keys()].map((k) => k.split(",").map(Number));
  const at = new Set(places.keys());
  drag.segments = [];
  for (const [dr, dc] of points) {
    for (const next of [[dr + 1, dc], [dr, dc + 1]]) if (at.has(key(next))) drag.segments.push([[dr, dc], next]);
  }
  Object.assign(drag, { block: letter, x0: cell.x, y0: cell.y, places, off: [0, 0] });
  return true;
}

// The block goes where the finger is, as near as its legal places allow:
// the nearest point of the segments between them.
export function dragMove(at) {
  if (!drag.block) return;
  const want = [at.y - drag.y0, at.x - drag.x0];
  let best = [0, 0];
  let bd = want[0] ** 2 + want[1] ** 2;
  for (const [a, b] of drag.segments) {
    const d = [b[0] - a[0], b[1] - a[1]];
    const t = Math.max(0, Math.min(1, (want[0] - a[0]) * d[0] + (want[1] - a[1]) * d[1]));
    const p = [a[0] + d[0] * t, a[1] + d[1] * t];
    const dist = (want[0] - p[0]) ** 2 + (want[1] - p[1]) ** 2;
    if (dist < bd) { bd = dist; best = p; }
  }
  drag.off = best;
}

// Let go: the place nearest to where the block is drawn.
export function dragEnd(at, game) {
  dragMove(at);
  let move = null;
  let target = null;
  let bd = 0.5 ** 2;
  for (const [k, m] of drag.places) {
    const p = k.split(",").map(Number);
    const d = (p[0] - drag.off[0]) ** 2 + (p[1] - drag.off[1]) ** 2;
    if (d < bd) { bd = d; move = m; target = p; }
  }
  const block = drag.block;
  drag.block = null;
  chosen.block = null;          // a drag, not a tap: nothing stays chosen
  if (!move) return [];
  drag.pending = { view: game.view, block, off: target };
  return [(g) => g.moves.findIndex((x) => x.code === move.code)];
}

export function dragCancel() {
  drag.block = null;
  drag.pending = null;
}

// The block under the finger (render/blocks.js's `drag`), and the places it
// can go while it is held.
function dragOptions(view) {
  if (drag.block) {
    const cells = blocksOf(view.rows).get(drag.block) || [];
    const targets = [...drag.places.keys()].filter((k) => k !== "0,0").map((k) => {
      const [dr, dc] = k.split(",").map(Number);
      return cells.map(([r, c]) => [r + dr, c + dc]);
    });
    return { drag: { block: drag.block, dr: drag.off[0], dc: drag.off[1] }, selected: drag.block, targets };
  }
  if (drag.pending && drag.pending.view === view) {
    return { drag: { block: drag.pending.block, dr: drag.pending.off[0], dc: drag.pending.off[1] } };
  }
  drag.pending = null;
  return null;
}
