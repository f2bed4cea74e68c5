// Renderer for sliding blocks: draws a `view` {width, height, rows, ways?}
// from api.py (letters = blocks, "." empty, "_" wall; ways: the one-way
// blocks, drawn as cars and trucks, the one that must get out red), the goals
// as outlines and exits as gaps in the frame (describe's exits), a block
// sliding along move.path in playback, the overlays of edit/blocks.js and
// play/blocks.js.  Knows no rule.  Called by view.js (interface:
// family.js); siblings render/tiles.js, render/pegs.js, helpers render/draw.js.

import { palette, roundRect, roundedPath, cssVar, ease, arrowPath } from "./draw.js";

const GAP = 0.055;          // space between neighbouring blocks, in cells (half each side)
const RADIUS = 0.14;        // block corner radius, in cells
const STEP_ANIM_MS = 150;   // playback: time per unit step of a sliding block
const MIN_ANIM_MS = 220;
const MAX_ANIM_MS = 1100;
// Hues for the shape families (one per distinct block shape); the goal
// blocks use the accent colour instead.
const HUES = [205, 145, 48, 270, 182, 322, 92, 238, 0, 120];

export function grid(view) {
  return { cols: view.width, rows: view.height, aspect: 1 };
}

export function animMs(move) {
  if (!move) return MIN_ANIM_MS;
  return Math.max(MIN_ANIM_MS, Math.min(MAX_ANIM_MS, (move.steps || 1) * STEP_ANIM_MS));
}

// letter -> [[r, c], ...] in row-major order
export function blocksOf(rows) {
  const out = new Map();
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const ch = row[c];
      if (ch !== "." && ch !== "_" && ch !== "?") {
        if (!out.has(ch)) out.set(ch, []);
        out.get(ch).push([r, c]);
      }
    }
  });
  return out;
}

// The block's letter on cell (r, c) of a view's rows, or null.
export function letterAt(rows, r, c) {
  const ch = rows[r]?.[c];
  return ch && /[A-Za-z]/.test(ch) ? ch : null;
}

export function topLeft(cells) {
  return [Math.min(...cells.map((x) => x[0])), Math.min(...cells.map((x) => x[1]))];
}

function shapeKey(cells) {
  const [r0, c0] = topLeft(cells);
  return cells.map(([r, c]) => `${r - r0},${c - c0}`).sort().join(" ");
}

// The letters the goal patterns name (the blocks that must get somewhere).
export function goalLetters(goals) {
  const out = new Set();
  for (const g of goals || []) for (const row of g) for (const ch of row) {
    if (ch !== "." && ch !== "_" && ch !== "?") out.add(ch);
  }
  return out;
}

// ------------------------------------------------------------- colours ---

function luminance(color) {
  let r = 0.5; let g = 0.5; let b = 0.5;
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const h = hex[1].length === 3 ? hex[1].replace(/./g, "$&$&") : hex[1];
    [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  } else {
    const m = color.match(/rgba?\(([^)]+)\)/);
    if (m) [r, g, b] = m[1].split(/[ ,]+/).map((v) => Number(v) / 255);
  }
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// A shape's hue index: from its key, so a shape keeps its colour whatever
// else is on the board (the next free hue when two shapes would share one).
function hueIndex(key, taken) {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) >>> 0;
  let k = h % HUES.length;
  for (let n = 0; n < HUES.length && taken.has(k); n++) k = (k + 1) % HUES.length;
  taken.add(k);
  return k;
}

// Colours per block: same shape -> same hue (lightness varies a little so
// neighbours stay apart); blocks a goal names -> the accent colour; the
// vehicle an exit is for -> red (Rush Hour's red car).
export function colours(rows, goals, p = palette(), exits = []) {
  const dark = luminance(p.bg) < 0.4;
  const named = goalLetters(goals);
  const red = new Set(exits.map((e) => e.block));
  const redFill = cssVar("--red-car", dark ? "#e0524a" : "#cf2e27");
  const accentFg = cssVar("--accent-fg", dark ? "#111" : "#fff");
  const blocks = blocksOf(rows);
  const keys = [...new Set([...blocks.values()].map(shapeKey))].sort();
  const taken = new Set();
  const families = new Map(keys.map((key) => [key, { hue: HUES[hueIndex(key, taken)], n: 0 }]));
  const out = new Map();
  for (const [letter, cells] of blocks) {
    if (red.has(letter)) {
      out.set(letter, { fill: redFill, edge: redFill, text: "#fff", named: true, red: true });
      continue;
    }
    if (named.has(letter)) {
      out.set(letter, { fill: p.accent, edge: p.accent, text: accentFg, named: true });
      continue;
    }
    const fam = families.get(shapeKey(cells));
    const shade = [0, 5, -5][fam.n++ % 3];
    const h = fam.hue;
    out.set(letter, dark
      ? { fill: `hsl(${h} 26% ${34 + shade}%)`, edge: `hsl(${h} 32% ${60 + shade}%)`, text: p.text }
      : { fill: `hsl(${h} 48% ${81 + shade}%)`, edge: `hsl(${h} 30% ${46 + shade}%)`, text: p.text });
  }
  return { map: out, dark, accentFg };
}

// ------------------------------------------------------------- outlines ---

// The rounded outline of a block on the board (render/draw.js's
// roundedPath), shifted by (dx, dy) cells while it slides.
function shapePath(ctx, board, cells, inset, radius, dx = 0, dy = 0) {
  const o = board.cellRect(0, 0);
  const s = board.cell;
  roundedPath(ctx, cells, (x, y) => [o.x + (x + dx) * s, o.y + (y + dy) * s], inset, radius, s);
}

// Where a block's letter goes (row, column, in cells, fractional): its
// centre when that lies on the block (rectangles, most L shapes), else the
// centre of its cell nearest to it.
function labelAt(cells) {
  const cy = cells.reduce((s, x) => s + x[0], 0) / cells.length + 0.5;
  const cx = cells.reduce((s, x) => s + x[1], 0) / cells.length + 0.5;
  if (cells.some(([r, c]) => r === Math.floor(cy) && c === Math.floor(cx))) return [cy, cx];
  let best = cells[0];
  let bd = Infinity;
  for (const cell of cells) {
    const d = (cell[0] + 0.5 - cy) ** 2 + (cell[1] + 0.5 - cx) ** 2;
    if (d < bd - 1e-9) { bd = d; best = cell; }
  }
  return [best[0] + 0.5, best[1] + 0.5];
}

// ----------------------------------------------------------- animation ---

// Offset (rows, cols) of a sliding block at time t: along move.path when it
// is this block's move, else straight from where it was.
function offsetAt(letter, cellsNow, cellsFrom, move, t) {
  const [r1, c1] = topLeft(cellsNow);
  const [r0, c0] = topLeft(cellsFrom);
  if (r0 === r1 && c0 === c1) return null;
  const e = ease(t);
  const path = move && move.block === letter ? move.path || [] : [];
  const sum = path.reduce((s, [dr, dc]) => [s[0] + dr, s[1] + dc], [0, 0]);
  if (path.length && sum[0] === r1 - r0 && sum[1] === c1 - c0) {
    const pos = e * path.length;
    const k = Math.min(path.length - 1, Math.floor(pos));
    let [dr, dc] = [0, 0];
    for (let i = 0; i < k; i++) { dr += path[i][0]; dc += path[i][1]; }
    dr += path[k][0] * (pos - k);
    dc += path[k][1] * (pos - k);
    return [dr, dc];
  }
  return [(r1 - r0) * e, (c1 - c0) * e];
}

// ---------------------------------------------------------------- draw ---

// opts: {from, t, move (playback); desc (goals); goalIndex (alternative to
//        stress); cursor {r, c}; preview {cells, kind: paint|erase|wall};
//        ghost {cells, kind: move|goal, ok}; selected (letter);
//        targets [[cells], ...] (play mode: where the selected block can go)}
export function draw(board, view, opts = {}) {
  const { ctx } = board;
  const p = palette();
  const goals = opts.desc?.goals || [];
  const exits = opts.thumb ? [] : opts.desc?.exits || [];
  const col = colours(view.rows, goals, p, opts.desc?.exits || []);
  const s = board.cell;
  board.clear();
  const o = board.cellRect(0, 0);
  ctx.fillStyle = p.bg;
  roundRect(ctx, o.x - 5, o.y - 5, view.width * s + 10, view.height * s + 10, Math.min(10, s * 0.2));
  ctx.fill();
  ctx.strokeStyle = p.frame;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  for (const exit of exits) drawExit(ctx, board, view, exit, col);

  // empty cells and walls
  const wallCells = [];
  view.rows.forEach((row, r) => {
    for (let c = 0; c < view.width; c++) {
      const rect = board.cellRect(r, c);
      if (row[c] === "_") { wallCells.push([r, c]); continue; }
      ctx.fillStyle = p.hole;
      ctx.globalAlpha = col.dark ? 0.35 : 0.45;
      roundRect(ctx, rect.x + s * 0.06, rect.y + s * 0.06, s * 0.88, s * 0.88, s * 0.1);
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  });
  if (wallCells.length) {
    ctx.fillStyle = p.wall;
    shapePath(ctx, board, wallCells, 0.02, 0.08);
    ctx.fill();
  }

  drawGoals(ctx, board, view, goals, opts, p, "under");

  // blocks (one-way ones as vehicles)
  opts = { ...opts, ways: view.ways || {} };
  const now = blocksOf(view.rows);
  const before = opts.from && opts.t < 1 ? blocksOf(opts.from.rows) : null;
  const moving = [];
  for (const [letter, cells] of now) {
    const off = before?.has(letter) ? offsetAt(letter, cells, before.get(letter), opts.move, opts.t ?? 1) : null;
    if (off) { moving.push([letter, before.get(letter), off]); continue; }
    drawBlock(ctx, board, letter, cells, col, opts, 0, 0);
  }
  for (const [letter, cells, [dr, dc]] of moving) drawBlock(ctx, board, letter, cells, col, opts, dc, dr, true);

  drawGoals(ctx, board, view, goals, opts, p, "over");
  drawOverlays(ctx, board, view, opts, p, col);
}

function drawBlock(ctx, board, letter, cells, col, opts, dx, dy, lifted = false, way = null) {
  const s = board.cell;
  const c = col.map.get(letter) || { fill: "#999", edge: "#666", text: "#000" };
  way = way ?? opts.ways?.[letter];
  if (lifted) {
    ctx.save();
    ctx.shadowColor = "rgba(0,0,0,0.25)";
    ctx.shadowBlur = s * 0.12;
    ctx.shadowOffsetY = s * 0.04;
  }
  ctx.fillStyle = c.fill;
  shapePath(ctx, board, cells, GAP / 2, RADIUS, dx, dy);
  ctx.fill();
  if (lifted) ctx.restore();
  ctx.lineWidth = opts.selected === letter ? Math.max(2.5, s * 0.06) : Math.max(1, s * 0.025);
  ctx.strokeStyle = opts.selected === letter ? cssVar("--focus", "#1d6fd1") : c.edge;
  ctx.stroke();
  if (way) drawVehicle(ctx, board, cells, way, c, dx, dy);
  const [ly, lx] = labelAt(cells);
  const o = board.cellRect(0, 0);
  ctx.fillStyle = c.text;
  ctx.font = `${c.named ? 700 : 600} ${Math.max(10, Math.round(s * 0.36))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(letter, o.x + (lx + dx) * s, o.y + (ly + dy) * s + 1);
}

// A one-way block as a vehicle: windows across it at both ends (a car or
// truck, its length along its way); a one-cell one, a double arrow along its
// way (Tromp's unit Rush Hour).
function drawVehicle(ctx, board, cells, way, c, dx, dy) {
  const s = board.cell;
  const o = board.cellRect(0, 0);
  const [r0, c0] = topLeft(cells);
  const r1 = Math.max(...cells.map((x) => x[0])) + 1;
  const c1 = Math.max(...cells.map((x) => x[1])) + 1;
  const x0 = o.x + (c0 + dx) * s;
  const y0 = o.y + (r0 + dy) * s;
  const w = (c1 - c0) * s;
  const h = (r1 - r0) * s;
  ctx.save();
  ctx.fillStyle = "rgba(255,255,255,0.55)";
  ctx.strokeStyle = "rgba(0,0,0,0.25)";
  ctx.lineWidth = 1;
  const across = way === "h";
  const long = across ? w : h;
  if (cells.length === 1) {
    ctx.strokeStyle = c.text;
    ctx.globalAlpha = 0.5;
    ctx.lineWidth = Math.max(1.5, s * 0.05);
    const cx = x0 + w / 2;
    const cy = y0 + h / 2;
    const len = s * 0.28;
    const pts = across ? [[cx - len, cy], [cx + len, cy]] : [[cx, cy - len], [cx, cy + len]];
    ctx.beginPath();
    ctx.moveTo(...pts[0]);
    ctx.lineTo(...pts[1]);
    for (const [px, py] of pts) {
      const sx = Math.sign(px - cx);
      const sy = Math.sign(py - cy);
      ctx.moveTo(px - sx * s * 0.1 - sy * s * 0.08, py - sy * s * 0.1 - sx * s * 0.08);
      ctx.lineTo(px, py);
      ctx.lineTo(px - sx * s * 0.1 + sy * s * 0.08, py - sy * s * 0.1 + sx * s * 0.08);
    }
    ctx.stroke();
    ctx.restore();
    return;
  }
  // windscreens: a band across the vehicle near each end
  const band = Math.min(s * 0.16, long * 0.08);
  for (const at of [s * 0.3, long - s * 0.3 - band]) {
    if (across) roundRect(ctx, x0 + at, y0 + h * 0.2, band, h * 0.6, band * 0.4);
    else roundRect(ctx, x0 + w * 0.2, y0 + at, w * 0.6, band, band * 0.4);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

// An exit: the frame opened along the gap (describe's exits: side U D L R,
// rows or columns from..to) and a chevron pointing out, in the colour of the
// vehicle it is for.
function drawExit(ctx, board, view, exit, col) {
  const s = board.cell;
  const o = board.cellRect(0, 0);
  const colour = col.map.get(exit.block)?.fill || palette().accent;
  const vertical = exit.side === "L" || exit.side === "R";
  const a = exit.from * s;
  const b = (exit.to + 1) * s;
  let x; let y; let w; let h;
  if (vertical) {
    x = exit.side === "R" ? o.x + view.width * s + 1 : o.x - 8;
    y = o.y + a + s * 0.08;
    w = 7;
    h = b - a - s * 0.16;
  } else {
    y = exit.side === "D" ? o.y + view.height * s + 1 : o.y - 8;
    x = o.x + a + s * 0.08;
    w = b - a - s * 0.16;
    h = 7;
  }
  ctx.save();
  ctx.fillStyle = palette().bg;
  ctx.fillRect(x - 1, y, w + 2, h);
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  // a chevron in the gap, pointing out of the board
  const cx = x + w / 2;
  const cy = y + h / 2;
  const k = Math.min(5, (vertical ? h : w) / 4);
  const out = { R: [1, 0], L: [-1, 0], D: [0, 1], U: [0, -1] }[exit.side];
  ctx.moveTo(cx - out[0] * 2 - out[1] * k, cy - out[1] * 2 - out[0] * k);
  ctx.lineTo(cx + out[0] * 2, cy + out[1] * 2);
  ctx.lineTo(cx - out[0] * 2 + out[1] * k, cy - out[1] * 2 + out[0] * k);
  ctx.stroke();
  ctx.restore();
}

// Goal patterns: a tint under the blocks, a dashed outline over them (so a
// block resting on its goal still shows it), a ring on must-be-empty cells.
function drawGoals(ctx, board, view, goals, opts, p, layer) {
  if (opts.thumb) return;      // the goal picture is the goal itself
  const s = board.cell;
  const many = goals.length > 1;
  goals.forEach((g, k) => {
    const stressed = opts.goalIndex === undefined || opts.goalIndex === null || opts.goalIndex === k;
    const groups = blocksOf(g);
    for (const [letter, cells] of groups) {
      if (layer === "under") {
        ctx.fillStyle = p.accent;
        ctx.globalAlpha = stressed ? 0.2 : 0.08;
        shapePath(ctx, board, cells, 0.06, RADIUS);
        ctx.fill();
        ctx.globalAlpha = 1;
        continue;
      }
      ctx.save();
      ctx.strokeStyle = p.accent;
      ctx.globalAlpha = stressed ? 1 : 0.45;
      ctx.lineWidth = Math.max(1.5, s * (stressed && many && opts.goalIndex !== undefined && opts.goalIndex !== null ? 0.06 : 0.04));
      ctx.setLineDash([s * 0.14, s * 0.09]);
      ctx.lineDashOffset = k * s * 0.11;
      shapePath(ctx, board, cells, 0.09, RADIUS);
      ctx.stroke();
      ctx.restore();
      // tag: which block (and which alternative) this outline is for
      const [r0, c0] = topLeft(cells);
      const first = cells.find(([r]) => r === r0) || cells[0];
      const rect = board.cellRect(first[0], Math.max(c0, first[1]));
      const tag = many ? `${letter}${k + 1}` : letter;
      const fs = Math.max(9, Math.round(s * 0.2));
      ctx.font = `700 ${fs}px system-ui, sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      const tw = ctx.measureText(tag).width;
      ctx.globalAlpha = stressed ? 1 : 0.55;
      ctx.fillStyle = p.accent;
      roundRect(ctx, rect.x + s * 0.1, rect.y + s * 0.1, tw + fs * 0.6, fs * 1.25, fs * 0.3);
      ctx.fill();
      ctx.fillStyle = cssVar("--accent-fg", "#fff");
      ctx.fillText(tag, rect.x + s * 0.1 + fs * 0.3, rect.y + s * 0.1 + fs * 0.15);
      ctx.globalAlpha = 1;
    }
    if (layer === "over") {
      g.forEach((row, r) => {
        for (let c = 0; c < row.length; c++) {
          if (row[c] !== "." || view.rows[r]?.[c] === "_") continue;
          const rect = board.cellRect(r, c);
          ctx.strokeStyle = p.accent;
          ctx.globalAlpha = stressed ? 0.9 : 0.4;
          ctx.lineWidth = Math.max(1.5, s * 0.035);
          ctx.setLineDash([s * 0.07, s * 0.07]);
          ctx.beginPath();
          ctx.arc(rect.x + s / 2, rect.y + s / 2, s * 0.2, 0, 2 * Math.PI);
          ctx.stroke();
          ctx.setLineDash([]);
          ctx.globalAlpha = 1;
        }
      });
    }
  });
}

function drawOverlays(ctx, board, view, opts, p, col) {
  const s = board.cell;
  const focus = cssVar("--focus", "#1d6fd1");
  const bad = cssVar("--bad", "#a8322a");
  const inBoard = ([r, c]) => r >= 0 && c >= 0 && r < view.height && c < view.width;
  if (opts.preview?.cells?.length) {
    const cells = opts.preview.cells.filter(inBoard);
    const kind = opts.preview.kind;
    if (kind === "erase") {
      ctx.strokeStyle = bad;
      ctx.lineWidth = Math.max(2, s * 0.06);
      for (const [r, c] of cells) {
        const rect = board.cellRect(r, c);
        const m = s * 0.28;
        ctx.beginPath();
        ctx.moveTo(rect.x + m, rect.y + m); ctx.lineTo(rect.x + s - m, rect.y + s - m);
        ctx.moveTo(rect.x + s - m, rect.y + m); ctx.lineTo(rect.x + m, rect.y + s - m);
        ctx.stroke();
      }
    } else if (cells.length) {
      ctx.globalAlpha = 0.55;
      ctx.fillStyle = kind === "wall" ? p.wall : focus;
      shapePath(ctx, board, cells, GAP / 2, RADIUS);
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.strokeStyle = kind === "wall" ? p.wall : focus;
      ctx.lineWidth = 2;
      ctx.stroke();
    }
  }
  if (opts.ghost?.cells?.length) {
    const cells = opts.ghost.cells;
    const ok = opts.ghost.ok !== false && cells.every(inBoard);
    ctx.save();
    ctx.strokeStyle = ok ? focus : bad;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.globalAlpha = 0.3;
    shapePath(ctx, board, cells, GAP / 2, RADIUS);
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = Math.max(2, s * 0.05);
    ctx.setLineDash(opts.ghost.kind === "goal" ? [s * 0.14, s * 0.09] : []);
    ctx.stroke();
    ctx.restore();
  }
  for (const cells of opts.targets || []) {
    ctx.save();
    ctx.strokeStyle = focus;
    ctx.globalAlpha = 0.75;
    ctx.lineWidth = Math.max(1.5, s * 0.035);
    ctx.setLineDash([s * 0.08, s * 0.08]);
    shapePath(ctx, board, cells, 0.12, RADIUS);
    ctx.stroke();
    ctx.restore();
  }
  if (opts.cursor && inBoard([opts.cursor.r, opts.cursor.c])) {
    const rect = board.cellRect(opts.cursor.r, opts.cursor.c);
    ctx.strokeStyle = focus;
    ctx.lineWidth = 3;
    ctx.setLineDash([]);
    roundRect(ctx, rect.x + 2, rect.y + 2, s - 4, s - 4, s * 0.12);
    ctx.stroke();
  }
}

// The goal picture: the first goal pattern's blocks where they must end, the
// walls, the rest empty (describe's goals; alternatives are outlined on
// the board itself).
export function goalView(desc) {
  const goal = desc.goals?.[0];
  const start = desc.view?.rows;
  if (!goal || !start || !goal.join("").match(/[A-Za-z]/)) return null;
  const rows = goal.map((row, r) => [...row].map((ch, c) =>
    /[A-Za-z]/.test(ch) ? ch : start[r]?.[c] === "_" ? "_" : ".").join(""));
  return { family: "blocks", width: desc.width, height: desc.height, rows };
}

// The position in words: each block with its cells, then the walls.
export function text(view) {
  const name = (r, c) => `row ${r + 1} column ${c + 1}`;
  const parts = [];
  const ways = { h: ", slides left and right", v: ", slides up and down" };
  for (const [letter, cells] of blocksOf(view.rows)) {
    const [r0, c0] = topLeft(cells);
    parts.push(`block ${letter}, ${cells.length} cell${cells.length === 1 ? "" : "s"}, from ${name(r0, c0)}${ways[view.ways?.[letter]] || ""}`);
  }
  const walls = view.rows.join("").split("_").length - 1;
  const empty = view.rows.join("").split(".").length - 1;
  return `${view.width} by ${view.height} board, ${empty} empty cell${empty === 1 ? "" : "s"}` +
    `${walls ? `, ${walls} wall cell${walls === 1 ? "" : "s"}` : ""}; ${parts.join("; ")}.`;
}

// The hinted move (api.py move_data: block, path of unit steps) as an arrow
// from the block's centre along its slide.
export function hint(board, view, move) {
  const cells = blocksOf(view.rows).get(move.block);
  if (!cells) return;
  const s = board.cell;
  const o = board.cellRect(0, 0);
  const r0 = cells.reduce((t, [y]) => t + y, 0) / cells.length;
  const c0 = cells.reduce((t, [, x]) => t + x, 0) / cells.length;
  const mid = (dr, dc) => ({ x: o.x + (c0 + dc + 0.5) * s, y: o.y + (r0 + dr + 0.5) * s });
  const points = [mid(0, 0)];
  let dr = 0;
  let dc = 0;
  for (const [r, c] of move.path || []) { dr += r; dc += c; points.push(mid(dr, dc)); }
  arrowPath(board.ctx, points, palette().accent, Math.max(3, s * 0.1));
}
