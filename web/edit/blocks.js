// Editor for the sliding-block family: the controls beside the board (size,
// tools, goal alternatives) and what a drag, tap or key on the board does with
// the chosen tool (move a block, draw a rectangle or free-form block, erase,
// wall, place a goal outline).  Every change is an api.py `edit` action
// (families/blocks_edit.py); this file never builds a code.  Mounted by
// main.js; render/blocks.js draws the overlays drawOptions() returns.  In
// play mode (web/play.js) pickMove/pickKey match a tap or key against the
// legal moves api.py lists: tap a block, then where it should go.

import { el, button, select } from "../dom.js";
import { blocksOf, topLeft } from "../render/blocks.js";

const SIDES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TOOLS = [
  ["move", "Move blocks"],
  ["rect", "Draw a rectangle block"],
  ["cells", "Draw any shape (cell by cell)"],
  ["erase", "Erase"],
  ["wall", "Wall"],
  ["goal", "Place a goal outline"],
];
const HINT = "Board keys: arrows move the cursor; Enter or Space starts and finishes a shape, "
  + "picks up and drops a block, or places the goal outline; Esc cancels; Delete removes the block "
  + "under the cursor. Drawing from a block's cell extends that block.";

const ui = {
  tool: "move",
  app: null,
  api: null,
  root: null,
  cursor: { r: 0, c: 0 },
  keyboard: false,     // show the cursor only after a key was used on the board
  drag: null,          // an action in progress (pointer or keyboard), see begin()
  hover: null,         // cell under the mouse (goal ghost preview)
  goalBlock: null,     // letter whose goal outline is placed
  goalIndex: null,     // alternative being edited; null = the next placement starts a new one
};

// The position the board shows (playback) -- edits start from it.
function shown(app) {
  return app.solution ? app.solution.positions[app.step] : app.desc.view;
}

function shownCode(app) {
  return app.solution ? app.solution.codes[app.step] : app.desc.code;
}

function isTrivial(g) {
  return g.every((row) => [...row].every((ch) => ch === "?" || ch === "_"));
}

// Goal alternatives that ask for something, with their index in desc.goals.
function alternatives(desc) {
  return (desc.goals || []).map((g, k) => ({ g, k })).filter(({ g }) => !isTrivial(g));
}

function describeGoal(g) {
  const parts = [];
  for (const [letter, cells] of blocksOf(g)) {
    const [r, c] = topLeft(cells);
    parts.push(`${letter} at row ${r + 1}, column ${c + 1}`);
  }
  const empty = g.reduce((n, row) => n + [...row].filter((ch) => ch === ".").length, 0);
  if (empty) parts.push(`${empty} cell${empty > 1 ? "s" : ""} empty`);
  return parts.join("; ") || "anything";
}

export function mount(root, app, api) {
  ui.app = app;
  ui.api = api;
  ui.root = root;
  ui.drag = null;
  const d = app.desc;
  const focusedId = root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  ui.cursor = { r: Math.min(ui.cursor.r, d.height - 1), c: Math.min(ui.cursor.c, d.width - 1) };
  const letters = [...blocksOf(d.view.rows).keys()].sort();
  if (!letters.includes(ui.goalBlock)) ui.goalBlock = letters.find((x) => goalNamed(d).has(x)) ?? letters[0] ?? null;
  const alts = alternatives(d);
  if (ui.goalIndex !== null && !alts.some((a) => a.k === ui.goalIndex)) ui.goalIndex = null;

  const size = el("fieldset", {}, el("legend", { textContent: "Board" }),
    el("div", { className: "row" },
      select("Columns", sides(d.width), d.width, (w) => api.edit("resize", { width: Number(w), height: d.height }), "blocks-width"),
      "×",
      select("Rows", sides(d.height), d.height, (h) => api.edit("resize", { width: d.width, height: Number(h) }), "blocks-height"),
      button("Empty board", () => api.edit("clear"), "blocks-clear")));

  const tools = el("fieldset", { className: "tools" }, el("legend", { textContent: "Tool on the board" }));
  for (const [value, label] of TOOLS) {
    const input = el("input", { type: "radio", name: "blocks-tool", value, checked: ui.tool === value });
    input.dataset.testid = `blocks-tool-${value}`;
    input.addEventListener("change", () => { ui.tool = value; ui.drag = null; api.redraw(); });
    tools.append(el("label", { className: "check" }, input, label));
  }

  const goal = el("fieldset", {}, el("legend", { textContent: "Goal (any alternative wins)" }));
  if (letters.length) {
    goal.append(el("div", { className: "row" }, el("span", { textContent: "Block" }),
      select("Goal block", letters.map((x) => [x, x]), ui.goalBlock, (v) => { ui.goalBlock = v; api.redraw(); }, "blocks-goal-block")));
  }
  const list = el("div", { className: "goal-list", role: "radiogroup", "aria-label": "Goal alternative to edit" });
  for (const { g, k } of alts) {
    const input = el("input", { type: "radio", name: "blocks-goal-alt", value: String(k), checked: ui.goalIndex === k });
    input.dataset.testid = `blocks-goal-alt-${k}`;
    input.addEventListener("change", () => { ui.goalIndex = k; api.redraw(); });
    list.append(el("div", { className: "row" },
      el("label", { className: "check" }, input, `${k + 1}: ${describeGoal(g)}`),
      button("Remove", () => api.edit("goal_remove", { index: k }), `blocks-goal-remove-${k}`,
        { "aria-label": `Remove goal alternative ${k + 1}` })));
  }
  const fresh = el("input", { type: "radio", name: "blocks-goal-alt", value: "new", checked: ui.goalIndex === null });
  fresh.dataset.testid = "blocks-goal-new";
  fresh.addEventListener("change", () => { ui.goalIndex = null; api.redraw(); });
  list.append(el("div", {}, el("label", { className: "check" }, fresh,
    alts.length ? "a new alternative" : "the goal (none yet: any position counts as solved)")));
  goal.append(el("p", { className: "hint", textContent: "With the goal tool, drag a block to where it must end, or tap where the chosen block's top-left corner must go. It goes into:" }),
    list, el("div", { className: "row" }, button("Clear goal", () => api.edit("goal_clear"), "blocks-goal-clear")));

  root.replaceChildren(size, tools, goal, el("p", { className: "hint", textContent: HINT }));
  if (focusedId) root.querySelector(`[data-testid="${CSS.escape(focusedId)}"]`)?.focus();
  attach(api.board().canvas);
}

// The sizes offered (a code may be larger than the editor's range: keep it).
function sides(current) {
  return [...new Set([...SIDES, current])].sort((a, b) => a - b).map((v) => [v, v]);
}

function goalNamed(desc) {
  const out = new Set();
  for (const g of desc.goals || []) for (const row of g) for (const ch of row) if (/[A-Za-z]/.test(ch)) out.add(ch);
  return out;
}

// ------------------------------------------------------------ overlays ---

function shapeAt(cells, r, c) {
  const [r0, c0] = topLeft(cells);
  return cells.map(([rr, cc]) => [rr - r0 + r, cc - c0 + c]);
}

function rectCells(a, b) {
  const out = [];
  for (let r = Math.min(a.r, b.r); r <= Math.max(a.r, b.r); r++) {
    for (let c = Math.min(a.c, b.c); c <= Math.max(a.c, b.c); c++) out.push([r, c]);
  }
  return out;
}

// Where a dragged block (or goal outline) would go: its top-left moves with the pointer.
function dragTarget(drag) {
  const [r0, c0] = topLeft(drag.cells);
  return { r: r0 + drag.at.r - drag.grab.r, c: c0 + drag.at.c - drag.grab.c };
}

export function drawOptions(app) {
  const focused = document.activeElement === app.board.canvas;
  const opts = { goalIndex: ui.goalIndex };
  if (app.play?.active) return opts;
  if (focused && ui.keyboard) opts.cursor = ui.cursor;
  const drag = ui.drag;
  if (ui.tool === "goal" && ui.goalBlock) opts.selected = ui.goalBlock;
  if (!drag) {
    if (ui.tool === "goal" && ui.goalBlock && (ui.hover || (focused && ui.keyboard))) {
      const at = ui.hover || ui.cursor;
      const cells = blocksOf(shown(app).rows).get(ui.goalBlock);
      if (cells) opts.ghost = { kind: "goal", cells: shapeAt(cells, at.r, at.c) };
    }
    return opts;
  }
  if (drag.kind === "rect") opts.preview = { kind: "paint", cells: rectCells(drag.start, drag.end) };
  else if (drag.kind === "cells") opts.preview = { kind: "paint", cells: drag.cells };
  else if (drag.kind === "erase" || drag.kind === "wall") opts.preview = { kind: drag.kind, cells: drag.cells };
  else if (drag.kind === "move" || drag.kind === "goal") {
    const t = dragTarget(drag);
    opts.ghost = { kind: drag.kind, cells: shapeAt(drag.cells, t.r, t.c) };
    opts.selected = drag.block;
  }
  return opts;
}

// -------------------------------------------------------------- input ---

function letterAt(app, r, c) {
  const ch = shown(app).rows[r]?.[c];
  return ch && /[A-Za-z]/.test(ch) ? ch : null;
}

// Start an action at a cell with the current tool (pointer down, or Enter).
// Returns false when there is nothing to start.
function begin(cell) {
  const app = ui.app;
  const letter = letterAt(app, cell.r, cell.c);
  const blocks = blocksOf(shown(app).rows);
  switch (ui.tool) {
    case "rect":
      ui.drag = { kind: "rect", start: cell, end: cell };
      return true;
    case "cells":
      ui.drag = { kind: "cells", cells: [[cell.r, cell.c]], block: letter, last: cell };
      return true;
    case "erase":
    case "wall":
      ui.drag = { kind: ui.tool, cells: [[cell.r, cell.c]], last: cell };
      return true;
    case "move":
      if (!letter) return false;
      ui.drag = { kind: "move", block: letter, cells: blocks.get(letter), grab: cell, at: cell };
      return true;
    case "goal":
      if (letter) {
        ui.goalBlock = letter;
        const sel = ui.root?.querySelector('[data-testid="blocks-goal-block"]');
        if (sel) sel.value = letter;
        ui.drag = { kind: "goal", block: letter, cells: blocks.get(letter), grab: cell, at: cell, picked: true };
        return true;
      }
      if (!ui.goalBlock || !blocks.get(ui.goalBlock)) return false;
      {
        const cells = blocks.get(ui.goalBlock);
        const [r0, c0] = topLeft(cells);
        // the outline's top-left follows the pointer
        ui.drag = { kind: "goal", block: ui.goalBlock, cells, grab: { r: r0, c: c0 }, at: cell, picked: false, moved: true };
      }
      return true;
    default:
      return false;
  }
}

// Cells from a to b, side by side (a drag may skip cells between events).
function line(a, b) {
  const out = [];
  let { r, c } = a;
  while (r !== b.r || c !== b.c) {
    if (Math.abs(b.r - r) >= Math.abs(b.c - c)) r += Math.sign(b.r - r); else c += Math.sign(b.c - c);
    out.push([r, c]);
  }
  return out;
}

function extend(cell) {
  const drag = ui.drag;
  if (!drag) return;
  if (drag.kind === "rect") drag.end = cell;
  else if (drag.cells && drag.last) {
    for (const [r, c] of line(drag.last, cell)) {
      if (!drag.cells.some(([rr, cc]) => rr === r && cc === c)) drag.cells.push([r, c]);
    }
    drag.last = cell;
  } else if (drag.at) {
    if (drag.at.r !== cell.r || drag.at.c !== cell.c) drag.moved = true;
    drag.at = cell;
  }
}

// Finish the action in progress: one edit request.
function commit() {
  const drag = ui.drag;
  ui.drag = null;
  if (!drag) return;
  const { app, api } = ui;
  const code = shownCode(app);
  if (drag.kind === "rect") {
    api.edit("paint", { cells: rectCells(drag.start, drag.end) }, code);
  } else if (drag.kind === "cells") {
    const args = { cells: drag.cells };
    if (drag.block) args.block = drag.block;
    if (drag.block && drag.cells.length === 1) { api.redraw(); return; }
    api.edit("paint", args, code);
  } else if (drag.kind === "erase" || drag.kind === "wall") {
    api.edit(drag.kind, { cells: drag.cells }, code);
  } else if (drag.kind === "move") {
    const t = dragTarget(drag);
    const [r0, c0] = topLeft(drag.cells);
    if (t.r === r0 && t.c === c0) { api.redraw(); return; }
    api.edit("move", { block: drag.block, r: t.r, c: t.c }, code);
  } else if (drag.kind === "goal") {
    if (drag.picked && !drag.moved) { api.redraw(); return; }   // a tap on a block only chooses it
    const t = dragTarget(drag);
    const args = { block: drag.block, r: t.r, c: t.c };
    if (ui.goalIndex !== null) args.index = ui.goalIndex;
    const fresh = ui.goalIndex === null;
    api.edit("goal_add", args, code).then((reply) => {
      // keep adding to the alternative just started (another block, or a better place)
      if (reply && fresh) ui.goalIndex = reply.goals.length - 1;
      if (reply) mount(ui.root, ui.app, ui.api);
      api.redraw();
    });
  }
}

function active(app) {
  return app?.desc?.family === "blocks" && document.body.dataset.state !== "solving";
}

let attached = null;
function attach(canvas) {
  if (attached === canvas) return;
  attached = canvas;
  canvas.addEventListener("pointerdown", (e) => {
    const app = ui.app;
    if (!active(app) || e.button > 0) return;
    const cell = app.board.cellAt(e.clientX, e.clientY);
    if (!cell) return;
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    ui.keyboard = false;
    ui.cursor = { r: cell.r, c: cell.c };
    if (begin(cell)) {
      canvas.setPointerCapture?.(e.pointerId);
      ui.api.redraw();
    }
  });
  canvas.addEventListener("pointermove", (e) => {
    const app = ui.app;
    if (!active(app)) return;
    const cell = app.board.cellAt(e.clientX, e.clientY);
    if (ui.drag) {
      if (cell) { ui.cursor = { r: cell.r, c: cell.c }; extend(cell); ui.api.redraw(); }
      return;
    }
    const hover = cell && ui.tool === "goal" && e.pointerType === "mouse" ? { r: cell.r, c: cell.c } : null;
    if ((hover?.r ?? -1) !== (ui.hover?.r ?? -1) || (hover?.c ?? -1) !== (ui.hover?.c ?? -1)) {
      ui.hover = hover;
      ui.api.redraw();
    }
  });
  canvas.addEventListener("pointerup", (e) => {
    if (!ui.drag || !active(ui.app)) return;
    e.preventDefault();
    commit();
  });
  canvas.addEventListener("pointercancel", () => { ui.drag = null; ui.api?.redraw(); });
  canvas.addEventListener("pointerleave", () => { if (ui.hover) { ui.hover = null; ui.api?.redraw(); } });
  canvas.addEventListener("keydown", (e) => {
    const app = ui.app;
    if (!active(app)) return;
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (dirs[e.key]) {
      e.preventDefault();
      ui.keyboard = true;
      const [dr, dc] = dirs[e.key];
      ui.cursor = {
        r: Math.min(app.desc.height - 1, Math.max(0, ui.cursor.r + dr)),
        c: Math.min(app.desc.width - 1, Math.max(0, ui.cursor.c + dc)),
      };
      extend(ui.cursor);
      ui.api.redraw();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      ui.keyboard = true;
      if (ui.drag) { commit(); return; }
      if (!begin(ui.cursor)) { ui.api.redraw(); return; }
      // one-cell tools act at once
      if (ui.tool === "erase" || ui.tool === "wall" || (ui.tool === "goal" && !ui.drag.picked)) commit();
      else ui.api.redraw();
    } else if (e.key === "Escape") {
      if (ui.drag) { ui.drag = null; e.preventDefault(); ui.api.redraw(); }
    } else if (e.key === "Delete" || e.key === "Backspace") {
      const letter = letterAt(app, ui.cursor.r, ui.cursor.c);
      if (letter) { e.preventDefault(); ui.api.edit("remove", { block: letter }, shownCode(app)); }
    }
  });
  canvas.addEventListener("focus", () => ui.api?.redraw());
  canvas.addEventListener("blur", () => { ui.drag = null; ui.api?.redraw(); });
}

// ------------------------------------------------------------ play mode ---

const play = { block: null, grab: null };

function displacement(m) {
  return (m.move_data.path || []).reduce((s, [dr, dc]) => [s[0] + dr, s[1] + dc], [0, 0]);
}

function movesOf(moves, letter) {
  return moves.map((m, i) => [m, i]).filter(([m]) => m.move_data.block === letter);
}

function choose(view, letter, grab) {
  const [r, c] = topLeft(blocksOf(view.rows).get(letter));
  play.block = letter;
  play.grab = grab || { r, c };
}

// A tap: on a block that can move, choose it; then on a cell, the move of the
// chosen block that takes the tapped-from cell there (or, failing that, the
// shortest one whose place covers the tapped cell).  -1: nothing to play yet.
export function pickMove(app, cell, moves, view) {
  const ch = view.rows[cell.r]?.[cell.c];
  const letter = ch && /[A-Za-z]/.test(ch) ? ch : null;
  if (play.block && movesOf(moves, play.block).length && (!letter || letter === play.block)) {
    const mine = movesOf(moves, play.block);
    const want = [cell.r - play.grab.r, cell.c - play.grab.c];
    let hit = mine.find(([m]) => { const d = displacement(m); return d[0] === want[0] && d[1] === want[1]; });
    if (!hit) {
      const cells = blocksOf(view.rows).get(play.block) || [];
      const covers = mine.filter(([m]) => {
        const [dr, dc] = displacement(m);
        return cells.some(([r, c]) => r + dr === cell.r && c + dc === cell.c);
      }).sort((a, b) => a[0].move_data.steps - b[0].move_data.steps);
      hit = covers[0];
    }
    if (hit) { play.block = null; return hit[1]; }
    if (letter === play.block) { play.block = null; return -1; }
    return -1;
  }
  play.block = null;
  if (letter && movesOf(moves, letter).length) choose(view, letter, { r: cell.r, c: cell.c });
  else if (letter) ui.api?.message(`Block ${letter} cannot move.`, "info");
  return -1;
}

// Keys: Enter or Space chooses the next block that can move; an arrow moves
// the chosen block one cell that way (when it can).
export function pickKey(app, key, moves, view) {
  const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const movable = [...new Set(moves.map((m) => m.move_data.block))].sort();
  if (key === "Enter" || key === " ") {
    if (!movable.length) return -1;
    const next = movable[(movable.indexOf(play.block) + 1) % movable.length];
    choose(view, next);
    ui.api?.redraw();
    return -1;
  }
  if (key === "Escape") { play.block = null; ui.api?.redraw(); return -1; }
  if (!dirs[key]) return null;
  if (!play.block || !movable.includes(play.block)) {
    if (!movable.length) return -1;
    choose(view, movable[0]);
  }
  const [dr, dc] = dirs[key];
  const hit = movesOf(moves, play.block).find(([m]) => { const d = displacement(m); return d[0] === dr && d[1] === dc; });
  if (!hit) { ui.api?.redraw(); return -1; }
  play.grab = { r: play.grab.r + dr, c: play.grab.c + dc };
  return hit[1];
}

// What play mode shows: the chosen block and the places it can go.
export function playOptions(app) {
  const moves = app.play?.moves || [];
  const view = app.play?.view;
  if (!play.block || !view || !movesOf(moves, play.block).length) return {};
  const cells = blocksOf(view.rows).get(play.block) || [];
  return {
    selected: play.block,
    targets: movesOf(moves, play.block).map(([m]) => {
      const [dr, dc] = displacement(m);
      return cells.map(([r, c]) => [r + dr, c + dc]);
    }),
  };
}
