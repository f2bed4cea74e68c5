// Editor for the tiles family: the controls beside the board (size, shuffle,
// goal) and what a click, tap or key on the board does (slide tiles toward the
// blank, or swap two tiles; on the start or the goal).  Every change is an
// api.py `edit` action; this file never builds a code.  Mounted by main.js.

import { el, select, radios, button } from "../dom.js";

const SIDES = [2, 3, 4, 5, 6, 7, 8, 9, 10];

const ui = { mode: "slide", target: "start", picked: null, cursor: 0, app: null, api: null };

export function mount(root, app, api) {
  ui.app = app;
  ui.api = api;
  const d = app.desc;
  ui.picked = null;
  ui.cursor = Math.min(ui.cursor, d.width * d.height - 1);
  const size = el("fieldset", {}, el("legend", { textContent: "Board" }),
    el("div", { className: "row" },
      select("Columns", SIDES, d.width, (w) => api.edit("resize", { width: Number(w), height: d.height }), "tiles-width"),
      "×",
      select("Rows", SIDES, d.height, (h) => api.edit("resize", { width: d.width, height: Number(h) }), "tiles-height")),
    el("div", { className: "row" },
      button("Shuffle", () => api.edit("shuffle", { seed: Math.floor(Math.random() * 2 ** 31) }), "shuffle"),
      button("Solved", () => api.edit("reset"), "reset")));
  const goal = el("fieldset", {}, el("legend", { textContent: "Goal" }),
    el("div", { className: "row" },
      button("Blank last", () => api.edit("goal", { kind: "blank-last" })),
      button("Blank first", () => api.edit("goal", { kind: "blank-first" })),
      button("Snake", () => api.edit("goal", { kind: "snake" }))));
  const mode = radios("tiles-mode", "Clicking the board", [["slide", "slides tiles (play)"], ["swap", "swaps two tiles (edit)"]],
    ui.mode, (v) => { ui.mode = v; ui.picked = null; api.redraw(); });
  const target = radios("tiles-target", "Edit", [["start", "the start"], ["goal", "the goal"]], ui.target,
    (v) => { ui.target = v; ui.picked = null; if (v === "goal") ui.mode = "swap"; mount(root, app, api); api.redraw(); });
  const hint = el("p", { className: "hint", textContent: "Keys on the board: arrows move a tile into the blank (slide) or move the cursor (swap; Enter picks and swaps)." });
  root.replaceChildren(size, goal, mode, target, hint);
  attach(api.board().canvas);
}

// Editing the goal shows the goal on the board.
export function view(app) {
  if (ui.target !== "goal" || app.solution) return null;
  return { family: "tiles", width: app.desc.width, height: app.desc.height, cells: app.desc.goal };
}

export function drawOptions(app) {
  const focused = document.activeElement === app.board.canvas;
  return { selected: ui.picked ?? (focused && ui.mode === "swap" ? ui.cursor : null) };
}

let attached = null;
function attach(canvas) {
  if (attached === canvas) return;
  attached = canvas;
  canvas.addEventListener("pointerdown", (e) => {
    const app = ui.app;
    if (!app?.desc || app.desc.family !== "tiles" || document.body.dataset.state === "solving") return;
    const cell = app.board.cellAt(e.clientX, e.clientY);
    if (!cell) return;
    e.preventDefault();
    act(cell.r * app.desc.width + cell.c);
  });
  canvas.addEventListener("keydown", (e) => {
    const app = ui.app;
    if (!app?.desc || app.desc.family !== "tiles") return;
    const w = app.desc.width;
    const n = w * app.desc.height;
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (dirs[e.key]) {
      e.preventDefault();
      const [dr, dc] = dirs[e.key];
      if (ui.mode === "slide" && ui.target === "start") {
        // the tile on the far side of the blank moves in the arrow's direction
        const cells = app.solution ? app.solution.positions[app.step].cells : app.desc.view.cells;
        const b = cells.indexOf(0);
        const r = Math.floor(b / w) - dr;
        const c = (b % w) - dc;
        if (r >= 0 && c >= 0 && r < app.desc.height && c < w) act(r * w + c);
      } else {
        const r = Math.min(app.desc.height - 1, Math.max(0, Math.floor(ui.cursor / w) + dr));
        const c = Math.min(w - 1, Math.max(0, (ui.cursor % w) + dc));
        ui.cursor = r * w + c;
        ui.api.redraw();
      }
    } else if ((e.key === "Enter" || e.key === " ") && ui.mode === "swap") {
      e.preventDefault();
      e.stopPropagation();
      act(ui.cursor);
    }
  });
  canvas.addEventListener("focus", () => ui.api?.redraw());
  canvas.addEventListener("blur", () => ui.api?.redraw());
}

function act(cell) {
  const { app, api } = ui;
  if (ui.mode === "slide" && ui.target === "start") {
    const from = app.solution ? app.solution.codes[app.step] : null;
    if (from && from !== app.desc.code) {
      // continue from the position shown in playback
      api.edit("slide", { cell }, from);
      return;
    }
    api.edit("slide", { cell });
    return;
  }
  if (ui.picked === null) {
    ui.picked = cell;
    ui.cursor = cell;
    api.redraw();
    return;
  }
  const a = ui.picked;
  ui.picked = null;
  if (a === cell) { api.redraw(); return; }
  api.edit("swap", { a, b: cell, target: ui.target });
}

// Play mode (main.js routes board input here): the legal move that moves the
// tile under the pointer, or the tile an arrow key pushes into the blank.
export function pickMove(app, cell, moves, view) {
  const tile = view.cells[cell.r * view.width + cell.c];
  return moves.findIndex((m) => m.move_data.tile === tile);
}

const KEY_DIRS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
export function pickKey(app, key, moves) {
  const dir = KEY_DIRS[key];
  if (!dir) return null;
  return moves.findIndex((m) => m.move_data.dir === dir);
}
