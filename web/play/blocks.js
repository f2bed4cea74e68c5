// Play mode's board input for sliding blocks: a tap or key is matched
// against the legal moves api.py lists (play.js holds them): tap a block,
// then where it should go; or Enter to choose a block and an arrow to push
// it.  Routed here by input.js (interface: family.js); render/blocks.js
// draws what playOptions() returns.  The editor is edit/blocks.js.

import { ARROWS } from "../input.js";
import { blocksOf, topLeft, letterAt } from "../render/blocks.js";

// The block chosen, and the cell it was taken by (where a tap moves that cell to).
const chosen = { block: null, grab: null };

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

// What play mode shows: the chosen block and the places it can go.
export function playOptions({ moves, view }) {
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
