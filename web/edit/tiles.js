// Editor for the tiles family: the controls beside the board (size, shuffle,
// goal) and what a click, tap or key on the board does (slide toward the
// blank, or swap two tiles; on the start or the goal), each an api.py `edit`
// action.  Mounted by position.js, board input from input.js (interface:
// family.js); play mode's input is play/tiles.js, drawing render/tiles.js.

import { el, select, radios, button, labelled } from "../dom.js";
import { ARROWS } from "../input.js";
import { playbackView, playbackCode } from "../state.js";

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
      labelled("Columns", select("Columns", SIDES, d.width, (w) => api.edit("resize", { width: Number(w), height: d.height }), "tiles-width")),
      "×",
      labelled("Rows", select("Rows", SIDES, d.height, (h) => api.edit("resize", { width: d.width, height: Number(h) }), "tiles-height"))),
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
}

// Editing the goal shows the goal on the board (also over a solution shown:
// what is clicked is what is seen).
export function view(app) {
  if (ui.target !== "goal") return null;
  return { family: "tiles", width: app.desc.width, height: app.desc.height, cells: app.desc.goal };
}

export function drawOptions(app) {
  const focused = document.activeElement === app.board.canvas;
  return { selected: ui.picked ?? (focused && ui.mode === "swap" ? ui.cursor : null) };
}

export function pointerDown(e, cell) {
  if (!cell) return;
  e.preventDefault();
  act(cell.r * ui.app.desc.width + cell.c);
}

export function keyDown(e) {
  const app = ui.app;
  const w = app.desc.width;
  if (ARROWS[e.key]) {
    e.preventDefault();
    const [dr, dc] = ARROWS[e.key];
    if (ui.mode === "slide" && ui.target === "start") {
      // the tile on the far side of the blank moves in the arrow's direction
      const b = playbackView(app).cells.indexOf(0);
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
}

function act(cell) {
  const { app, api } = ui;
  if (ui.mode === "slide" && ui.target === "start") {
    api.edit("slide", { cell }, playbackCode(app));   // from the position playback shows
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
