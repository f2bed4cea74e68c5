// Editor for the sliding-block family: the controls beside the board (size,
// tools, goal alternatives, one-way blocks and exits) and what a drag, tap or
// key does with the chosen tool (move, rectangle, any shape, car or truck,
// the red car, erase, wall, goal outline), each an api.py `edit` action.  Mounted by position.js, board input from input.js
// (interface: family.js); render/blocks.js draws drawOptions(); play: play/blocks.js.

import { el, button, select, replaceKeepingFocus } from "../dom.js";
import { ARROWS } from "../input.js";
import { playbackView, playbackCode } from "../state.js";
import { blocksOf, topLeft, letterAt, goalLetters } from "../render/blocks.js";

const SIDES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const TOOLS = [
  ["move", "Move blocks"],
  ["rect", "Draw a rectangle block"],
  ["cells", "Draw any shape (cell by cell)"],
  ["vehicle", "Car or truck (drag along a row or down a column)"],
  ["redcar", "The red car (it must get out; drag it)"],
  ["erase", "Erase"],
  ["wall", "Wall"],
  ["goal", "Place a goal outline"],
];
const WAYS = [["", "every way"], ["h", "only left and right"], ["v", "only up and down"]];
const EXIT_SIDES = [["R", "right"], ["L", "left"], ["D", "bottom"], ["U", "top"]];
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
  wayBlock: null,      // the block whose way the one-way controls show
  oneCellWay: "h",     // the way a one-cell vehicle gets
};

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
  ui.cursor = { r: Math.min(ui.cursor.r, d.height - 1), c: Math.min(ui.cursor.c, d.width - 1) };
  const letters = [...blocksOf(d.view.rows).keys()].sort();
  if (!letters.includes(ui.goalBlock)) ui.goalBlock = letters.find((x) => goalLetters(d.goals).has(x)) ?? letters[0] ?? null;
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

  replaceKeepingFocus(root, size, tools, goal, waysControls(d, letters, api),
    el("p", { className: "hint", textContent: HINT }));
}

// One-way blocks (Rush Hour's cars and trucks) and exits: the chosen
// block's way, "this block out through that side" as the goal, and the way
// a one-cell vehicle gets (unit Rush Hour's cars).
function waysControls(d, letters, api) {
  const box = el("fieldset", {}, el("legend", { textContent: "One-way blocks and exits" }));
  const oneCell = select("How a one-cell vehicle slides", WAYS.slice(1), ui.oneCellWay,
    (v) => { ui.oneCellWay = v; }, "blocks-one-cell-way");
  box.append(el("div", { className: "row" }, el("span", { textContent: "A one-cell car slides" }), oneCell));
  if (!letters.length) return box;
  if (!letters.includes(ui.wayBlock)) ui.wayBlock = letters[0];
  const ways = d.ways || {};
  const exit = (d.exits || [])[0];
  const side = select("Side of the exit", EXIT_SIDES, exit?.side || "R", () => {}, "blocks-exit-side");
  box.append(
    el("div", { className: "row" }, el("span", { textContent: "Block" }),
      select("Block", letters.map((x) => [x, x]), ui.wayBlock, (v) => { ui.wayBlock = v; mount(ui.root, ui.app, ui.api); }, "blocks-way-block"),
      el("span", { textContent: "slides" }),
      select("How the block slides", WAYS, ways[ui.wayBlock] || "", (v) => api.edit("way", { block: ui.wayBlock, way: v }), "blocks-way")),
    el("div", { className: "row" },
      button("Goal: it gets out", () => api.edit("exit", { block: ui.wayBlock, side: side.value }), "blocks-exit"),
      el("span", { textContent: "through the side" }), side),
    el("p", { className: "hint", textContent: exit
      ? `Exit: block ${exit.block} out through the ${EXIT_SIDES.find(([k]) => k === exit.side)?.[1]} side.`
      : "No exit: the goal is a pattern (or none)." }));
  return box;
}

// The sizes offered (a code may be larger than the editor's range: keep it).
function sides(current) {
  return [...new Set([...SIDES, current])].sort((a, b) => a - b).map((v) => [v, v]);
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
  if (focused && ui.keyboard) opts.cursor = ui.cursor;
  const drag = ui.drag;
  if (ui.tool === "goal" && ui.goalBlock) opts.selected = ui.goalBlock;
  if (!drag) {
    if (ui.tool === "goal" && ui.goalBlock && (ui.hover || (focused && ui.keyboard))) {
      const at = ui.hover || ui.cursor;
      const cells = blocksOf(playbackView(app).rows).get(ui.goalBlock);
      if (cells) opts.ghost = { kind: "goal", cells: shapeAt(cells, at.r, at.c) };
    }
    return opts;
  }
  if (drag.kind === "rect") opts.preview = { kind: "paint", cells: rectCells(drag.start, drag.end) };
  else if (drag.kind === "vehicle") opts.preview = { kind: "paint", cells: laneCells(drag.start, drag.end) };
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

// Start an action at a cell with the current tool (pointer down, or Enter).
// Returns false when there is nothing to start.
function begin(cell) {
  const app = ui.app;
  const rows = playbackView(app).rows;
  const letter = letterAt(rows, cell.r, cell.c);
  const blocks = blocksOf(rows);
  switch (ui.tool) {
    case "rect":
      ui.drag = { kind: "rect", start: cell, end: cell };
      return true;
    case "vehicle":
    case "redcar":
      ui.drag = { kind: "vehicle", red: ui.tool === "redcar", start: cell, end: cell };
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

// A vehicle's cells: from the start along its row or down its column,
// whichever way the drag went further.
function laneCells(a, b) {
  const across = Math.abs(b.c - a.c) >= Math.abs(b.r - a.r);
  return across ? rectCells(a, { r: a.r, c: b.c }) : rectCells(a, { r: b.r, c: a.c });
}

function extend(cell) {
  const drag = ui.drag;
  if (!drag) return;
  if (drag.kind === "rect" || drag.kind === "vehicle") drag.end = cell;
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
  const code = playbackCode(app);
  if (drag.kind === "rect") {
    api.edit("paint", { cells: rectCells(drag.start, drag.end) }, code);
  } else if (drag.kind === "vehicle") {
    const cells = laneCells(drag.start, drag.end);
    const args = { cells };
    if (drag.red) args.red = true;
    if (cells.length === 1) args.way = drag.red ? "h" : ui.oneCellWay;
    api.edit("vehicle", args, code);
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

// Board input (input.js calls these while editing; not while solving).

export function pointerDown(e, cell) {
  if (e.button > 0 || !cell) return;
  e.preventDefault();
  e.currentTarget.focus({ preventScroll: true });
  ui.keyboard = false;
  ui.cursor = { r: cell.r, c: cell.c };
  if (begin(cell)) {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    ui.api.redraw();
  }
}

export function pointerMove(e, cell) {
  if (ui.drag) {
    if (cell) { ui.cursor = { r: cell.r, c: cell.c }; extend(cell); ui.api.redraw(); }
    return;
  }
  const hover = cell && ui.tool === "goal" && e.pointerType === "mouse" ? { r: cell.r, c: cell.c } : null;
  if ((hover?.r ?? -1) !== (ui.hover?.r ?? -1) || (hover?.c ?? -1) !== (ui.hover?.c ?? -1)) {
    ui.hover = hover;
    ui.api.redraw();
  }
}

export function pointerUp(e) {
  if (!ui.drag) return;
  e.preventDefault();
  commit();
}

export function pointerCancel() {
  ui.drag = null;
  ui.api.redraw();
}

export function pointerLeave() {
  if (ui.hover) { ui.hover = null; ui.api.redraw(); }
}

export function blur() {
  ui.drag = null;
}

export function keyDown(e) {
  const app = ui.app;
  if (ARROWS[e.key]) {
    e.preventDefault();
    ui.keyboard = true;
    const [dr, dc] = ARROWS[e.key];
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
    const letter = letterAt(playbackView(app).rows, ui.cursor.r, ui.cursor.c);
    if (letter) { e.preventDefault(); ui.api.edit("remove", { block: letter }, playbackCode(app)); }
  }
}
