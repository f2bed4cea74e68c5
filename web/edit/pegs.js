// Editor for peg solitaire: the controls beside the board (lattice, a new
// rectangle or triangle, fill, the goal) and what a tap or key does (a peg in
// or out, a hole added or removed -- the board shown with a margin of ghost
// cells -- or the goal), each an api.py `edit` action.  Mounted by
// position.js, input from input.js (family.js); play mode: play/pegs.js.

import { el, button, select, replaceKeepingFocus, radios, labelled } from "../dom.js";
import { ARROWS } from "../input.js";
import { playbackView, playbackCode } from "../state.js";
import { layout } from "../render/pegs.js";

const LATTICES = [
  ["sq4", "Square, straight jumps"],
  ["sq8", "Square, diagonal jumps too"],
  ["tri", "Triangular, six directions"],
];
const SIDES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const TRI_SIDES = [3, 4, 5, 6, 7, 8, 9, 10];
const MODES = [
  ["peg", "puts in or takes out a peg"],
  ["hole", "adds or removes a hole"],
  ["goal", "sets the goal"],
];
const GOALS = [
  ["anywhere", "One peg anywhere"],
  ["hole", "One peg in a hole you tap"],
  ["complement", "One peg in the start's empty hole"],
  ["pattern", "A pattern you tap (peg, empty, either)"],
];
const HINT = "Board keys: arrows move the cursor; Enter or Space acts on the hole under it "
  + "(as tapping does). The names on the holes are the ones the moves are written with.";

const ui = {
  mode: "peg",
  goalKind: null,      // the goal choice shown; null = as the position has it
  cursor: { r: 0, c: 0 },
  keyboard: false,
  app: null,
  api: null,
  root: null,
  ours: null,          // code of the position last mounted
  editing: 0,          // edits in flight (their replies remount the editor)
  rows: 5,
  cols: 5,
  side: 5,
  minimaOpen: false,   // the board's minimum-move table shown
};

// The name of the hole with `ch` in `rows` when it is the only one (for a
// peg: and no hole is "either"), else null.
function lone(d, rows, ch) {
  if (!rows) return null;
  const at = d.holes.filter(([r, c]) => rows[r][c] === ch);
  if (at.length !== 1 || (ch === "o" && rows.join("").includes("?"))) return null;
  const n = d.holes.indexOf(at[0]);
  return d.hole_names?.[n] ?? String(n);
}

// What kind of goal the position has (for the radio buttons): derived from
// the pattern's characters only.
function goalKind(desc) {
  if (!desc.goal) return "anywhere";
  const finish = lone(desc, desc.goal, "o");
  if (finish === null) return "pattern";
  return lone(desc, desc.rows, ".") === finish ? "complement" : "hole";
}

function goalSummary(desc) {
  const g = desc.goal;
  if (!g) return "Goal: one peg left, anywhere.";
  const at = lone(desc, g, "o");
  if (at !== null) return `Goal: one peg left, in hole ${at}.`;
  const count = { o: 0, ".": 0, "?": 0 };
  g.forEach((row) => [...row].forEach((ch) => { if (ch in count) count[ch]++; }));
  return `Goal: ${count.o} peg${count.o === 1 ? "" : "s"} where marked, ${count["?"]} either, the rest empty.`;
}

// Where a last peg may end (describe's finishes, by position classes).
function finishes(holes) {
  if (!holes.length) return "From this start no single peg can be left anywhere (position classes).";
  const list = holes.length > 12 ? `${holes.slice(0, 12).join(", ")} and ${holes.length - 12} more` : holes.join(", ");
  return `A last peg can end only in hole${holes.length === 1 ? "" : "s"} ${list}: ` +
    "the position classes allow no other (not every one of these is reachable).";
}

// What an entry of the table says: its minimum, or the bounds proven so far
// (exported for the page test: no stored table has an unproven entry left).
export function minimaCell(e) {
  if (e.status === "proven") {
    return e.moves === "none" ? ["impossible", "no solution (proven)"] : [String(e.moves), "proven minimum"];
  }
  if (e.status !== "stopped") return ["–", "not computed yet"];
  const known = e.upper_bound !== undefined ? `; a solution of ${e.upper_bound} moves is known` : "";
  return [e.upper_bound !== undefined ? `${e.lower_bound}–${e.upper_bound}` : `≥ ${e.lower_bound}`,
    `not proven yet: no solution is shorter than ${e.lower_bound} moves${known}`];
}

// The board's minimum-move table (describe's minima, where one is stored):
// every single-vacancy start up to the board's symmetries, every hole its
// last peg can end on; each problem a link that opens it, the one on the
// board marked.
function minimaTable(d) {
  const m = d.minima;
  const start = lone(d, d.rows, ".");
  const finish = lone(d, d.goal, "o");
  const rows = m.entries.map((e) => {
    const [text, title] = minimaCell(e);
    const here = e.start === start && e.finish === finish;
    return el("tr", here ? { className: "here" } : {},
      el("td", {}, el("a", { href: `#${e.code}`, textContent: `${e.start} → ${e.finish}`,
        title: `Open this problem: ${e.start} empty, one peg left in ${e.finish}`,
        ...(here ? { "aria-current": "true" } : {}) })),
      el("td", { textContent: text, title }));
  });
  const table = el("table", { className: "minima-table" },
    el("thead", {}, el("tr", {}, el("th", { textContent: "Start → last peg" }), el("th", { textContent: "Fewest moves" }))),
    el("tbody", {}, ...rows));
  const note = m.complete ? `Every entry is proven (${m.of}).`
    : `${m.proven} of ${m.of} proven. For the others, no solution is shorter than the first figure (proven) `
      + "and one of the second is known; their proofs need more memory than the searches so far had.";
  const box = el("details", { className: "minima", open: ui.minimaOpen, dataset: { testid: "pegs-minima" } },
    el("summary", { textContent: "Fewest moves on this board" }),
    el("p", { className: "hint", textContent: "One empty hole at the start, one peg left at the end; "
      + "a chain of jumps by one peg is one move. Starts and finishes up to the board's symmetries. " + note }),
    el("div", { className: "table-wrap" }, table));
  // open or closed as the visitor left it, across the remounts edits make
  box.addEventListener("toggle", () => { ui.minimaOpen = box.open; });
  return box;
}

function edit(action, args, code) {
  ui.editing++;
  return ui.api.edit(action, args, code).finally(() => { ui.editing--; });
}

export function mount(root, app, api) {
  ui.app = app;
  ui.api = api;
  ui.root = root;
  const d = app.desc;
  if (!ui.editing && d.code !== ui.ours) {     // a position loaded, not edited here
    ui.mode = "peg";
    ui.goalKind = null;
  }
  ui.ours = d.code;
  if (ui.goalKind === "pattern" && !d.goal) ui.goalKind = null;
  const kind = ui.goalKind || goalKind(d);

  // the board: its lattice, and a new one (a rectangle or a triangle, filled
  // or emptied, or a random start that can be solved)
  const board = el("fieldset", {}, el("legend", { textContent: "Board" }),
    el("div", { className: "row" },
      labelled("Lattice", select("Lattice", LATTICES, d.lattice, (v) => edit("lattice", { name: v }), "pegs-lattice"))),
    el("div", { className: "row" },
      labelled("Columns", select("Columns", SIDES.map((v) => [v, v]), ui.cols, (v) => { ui.cols = Number(v); }, "pegs-cols")), "×",
      labelled("Rows", select("Rows", SIDES.map((v) => [v, v]), ui.rows, (v) => { ui.rows = Number(v); }, "pegs-rows")),
      button("Rectangle", () => edit("resize", { rows: ui.rows, cols: ui.cols }), "pegs-new-rect")),
    el("div", { className: "row" },
      select("Triangle side", TRI_SIDES.map((v) => [v, `side ${v}`]), ui.side, (v) => { ui.side = Number(v); }, "pegs-side"),
      button("Triangle", () => edit("triangle", { side: ui.side }), "pegs-new-tri")),
    el("div", { className: "row" },
      button("Fill all", () => edit("fill", { peg: true }), "pegs-fill", { title: "A peg in every hole" }),
      button("Empty all", () => edit("fill", { peg: false }), "pegs-empty", { title: "Every hole empty" }),
      button("Random start", () => edit("random", { seed: Math.floor(Math.random() * 2 ** 31) }), "pegs-random",
        { title: "A random start that can be solved: pegs placed by jumps played backwards from one peg, ending in that hole" })));

  const mode = radios("pegs-mode", "Tapping the board", MODES, ui.mode, (v) => {
    ui.mode = v;
    ui.cursor = { r: 0, c: 0 };
    api.redraw();
  });

  const goal = radios("pegs-goal", "Goal", GOALS, kind, (v) => {
    if (v === "anywhere" || v === "complement") {
      ui.goalKind = null;
      edit("goal", { kind: v });
    } else if (v === "pattern") {
      ui.goalKind = "pattern";
      ui.mode = "goal";
      edit("goal", { kind: "pattern" }).then(() => { mount(root, app, api); api.redraw(); });
    } else {
      ui.goalKind = "hole";
      ui.mode = "goal";
      api.message("Tap the hole where the last peg must stay.", "info");
      mount(root, app, api);
      api.redraw();
    }
  }, { again: true });      // chosen again, it waits for a tap again
  goal.append(el("p", { className: "hint", textContent: goalSummary(d) }));
  // where a last peg can end: the board's facts, under its controls
  const facts = d.finishes ? [el("p", { className: "hint", textContent: finishes(d.finishes.map((h) => d.hole_names?.[h] ?? h)) })] : [];
  if (d.minima) facts.push(minimaTable(d));
  replaceKeepingFocus(root, mode, goal, board, ...facts, el("p", { className: "hint", textContent: HINT }));
}

// ---------------------------------------------------------------- views ---

// Neighbours of a cell on each lattice (the code format's geometry).
const NEIGHBOURS = {
  sq4: [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]],
  sq8: [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]],
  tri: [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [-1, -1]],
};

// While drawing the board: the start with a margin all round, and ghost
// cells beside the holes (tapping one adds a hole there).  While drawing a
// pattern goal: the goal.
export function view(app) {
  if (app.solution) return null;
  const d = app.desc;
  if (ui.mode === "hole") {
    const w = d.rows[0].length + 2;
    const pad = "_".repeat(w);
    const rows = [pad, ...d.rows.map((r) => `_${r}_`), pad];
    const ghosts = [];
    const seen = new Set();
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch === "_") return;
      for (const [dr, dc] of NEIGHBOURS[d.lattice] || NEIGHBOURS.sq8) {
        const k = `${r + dr},${c + dc}`;
        if ((rows[r + dr]?.[c + dc] ?? "") === "_" && !seen.has(k)) { seen.add(k); ghosts.push([r + dr, c + dc]); }
      }
    }));
    return { family: "pegs", lattice: d.lattice, rows, offset: [1, 1], ghosts };
  }
  if (ui.mode === "goal" && (ui.goalKind || goalKind(d)) === "pattern" && d.goal) {
    return { family: "pegs", lattice: d.lattice, rows: d.goal, isGoal: true };
  }
  return null;
}

function drawn(app) {
  return view(app) || playbackView(app);
}

export function drawOptions(app) {
  const focused = document.activeElement === app.board.canvas;
  const opts = {};
  if (focused && ui.keyboard) opts.cursor = ui.cursor;
  if (app.solution && app.step > 0) opts.lastMove = app.solution.move_data[app.step - 1];
  return opts;
}

// ---------------------------------------------------------------- input ---

function act(cell) {
  const { app } = ui;
  const v = drawn(app);
  const [or, oc] = v.offset || [0, 0];
  const r = cell.r - or;
  const c = cell.c - oc;
  const hasHole = (v.rows[cell.r]?.[cell.c] ?? "_") !== "_";
  if (ui.mode === "hole") {
    edit("toggle_hole", { r, c });
  } else if (!hasHole) {
    ui.api.message("There is no hole there. To add one, choose “adds or removes a hole”.", "info");
  } else if (ui.mode === "peg") {
    edit("toggle_peg", { r, c }, playbackCode(app));
  } else if ((ui.goalKind || goalKind(app.desc)) === "pattern") {
    edit("goal_cell", { r, c });
  } else {
    edit("goal", { kind: "hole", r, c }).then((reply) => {
      if (reply) { ui.goalKind = null; ui.mode = "peg"; mount(ui.root, ui.app, ui.api); ui.api.redraw(); }
    });
  }
}

// Arrow keys: to the next cell in that direction that can be acted on (a
// hole, or a ghost cell while drawing the board).
function step(v, dr, dc) {
  let { r, c } = ui.cursor;
  const h = v.rows.length;
  const w = v.rows[0].length;
  r = Math.min(h - 1, Math.max(0, r));
  c = Math.min(w - 1, Math.max(0, c));
  for (;;) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r >= h || c >= w) return;
    if (v.rows[r][c] !== "_" || v.ghosts?.some(([gr, gc]) => gr === r && gc === c)) {
      ui.cursor = { r, c };
      return;
    }
  }
}

// Board input (input.js calls these while editing; not while solving).

export function pointerDown(e) {
  if (e.button > 0) return;
  const cell = layout(ui.app.board, drawn(ui.app)).hit(e.clientX, e.clientY);
  if (!cell) return;
  e.preventDefault();
  e.currentTarget.focus({ preventScroll: true });
  ui.keyboard = false;
  ui.cursor = cell;
  act(cell);
}

export function keyDown(e) {
  const v = drawn(ui.app);
  if (ARROWS[e.key]) {
    e.preventDefault();
    if (!ui.keyboard) {
      ui.keyboard = true;
      // start on a hole
      if ((v.rows[ui.cursor.r]?.[ui.cursor.c] ?? "_") === "_") {
        const first = v.rows.findIndex((row) => /[^_]/.test(row));
        ui.cursor = { r: first, c: v.rows[first].search(/[^_]/) };
      }
    } else {
      step(v, ...ARROWS[e.key]);
    }
    ui.api.redraw();
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    e.stopPropagation();
    ui.keyboard = true;
    act(ui.cursor);
  }
}
