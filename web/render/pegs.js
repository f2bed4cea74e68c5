// Renderer for peg solitaire: draws a `view` {lattice, rows} from api.py ("o"
// peg, "." hole, "_" no hole, "?" either -- in a goal) on the square or
// triangular lattice, goal rings, hole numbers (the moves use them), each
// jump of a chain in playback, the overlays of edit/pegs.js and play/pegs.js.
// Called by view.js (family.js); siblings render/tiles.js, blocks.js, draw.js.
//
// Layout: cell (r, c) sits at x = c (square) or x = c - r/2 (triangular: (r, c)
// touches (r+1, c) and (r+1, c+1)), y = r; rows are 0.866 cells apart on tri.

import { palette, roundedPath, cssVar, ease, arrowPath } from "./draw.js";

const TRI_ASPECT = Math.sqrt(3) / 2;
const PEG_R = 0.33;          // peg radius, cells
const HOLE_R = 0.17;         // hole radius, cells
const JUMP_MS = 330;         // playback: time per jump of a chain
const MIN_ANIM_MS = 280;
const MAX_ANIM_MS = 2400;
const PAD = 0.3;             // room round the holes for the board's edge, cells

export function animMs(move) {
  const jumps = move?.path ? move.path.length - 1 : 1;
  return Math.max(MIN_ANIM_MS, Math.min(MAX_ANIM_MS, jumps * JUMP_MS));
}

// The holes, and the view's ghost cells (editor: where a hole may be added).
function cellsToShow(view) {
  const out = [];
  view.rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] !== "_") out.push([r, c]);
  });
  for (const [r, c] of view.ghosts || []) if (at(view, r, c) === "_") out.push([r, c]);
  return out;
}

function xOf(lattice, r, c) {
  return lattice === "tri" ? c - r / 2 : c;
}

// Extent of what is drawn, in lattice units.
function extent(view) {
  const cells = cellsToShow(view);
  if (!cells.length) return { x0: 0, x1: 0, r0: 0, r1: 0 };
  const xs = cells.map(([r, c]) => xOf(view.lattice, r, c));
  const rs = cells.map(([r]) => r);
  return { x0: Math.min(...xs), x1: Math.max(...xs), r0: Math.min(...rs), r1: Math.max(...rs) };
}

export function grid(view) {
  const e = extent(view);
  return { cols: e.x1 - e.x0 + 1 + 2 * PAD, rows: e.r1 - e.r0 + 1 + 2 * PAD,
    aspect: view.lattice === "tri" ? TRI_ASPECT : 1 };
}

// Centre of cell (r, c) in canvas CSS pixels, and the inverse (nearest cell
// to a pointer), for the editor.
export function layout(board, view) {
  const e = extent(view);
  const centre = (r, c) => {
    const rect = board.cellRect(r - e.r0 + PAD, xOf(view.lattice, r, c) - e.x0 + PAD);
    return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
  };
  // lattice point (x = column, y = row) of the square grid -> pixels
  const point = (x, y) => {
    const rect = board.cellRect(y - e.r0 + PAD, x - e.x0 + PAD);
    return [rect.x, rect.y];
  };
  const cells = cellsToShow(view);
  const hit = (clientX, clientY) => {
    const box = board.canvas.getBoundingClientRect();
    const x = clientX - box.left;
    const y = clientY - box.top;
    let best = null;
    let bd = (board.cell * 0.55) ** 2;
    for (const [r, c] of cells) {
      const p = centre(r, c);
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d < bd) { bd = d; best = { r, c }; }
    }
    return best;
  };
  return { centre, hit, cells, point };
}

// The cell nearest to fractional grid coordinates (board.cellAt's x, y:
// columns and rows of the board's grid), within `radius` cells (half a
// cell and a little by default); or null.  `d`: how far it is, in cells.
export function fromGrid(view, gx, gy, radius = 0.55) {
  const e = extent(view);
  const aspect = view.lattice === "tri" ? TRI_ASPECT : 1;
  let best = null;
  let bd = radius ** 2;
  for (const [r, c] of cellsToShow(view)) {
    const dx = gx - (xOf(view.lattice, r, c) - e.x0 + PAD + 0.5);
    const dy = (gy - (r - e.r0 + PAD + 0.5)) * aspect;
    const d = dx * dx + dy * dy;
    if (d < bd) { bd = d; best = { r, c, d: Math.sqrt(d) }; }
  }
  return best;
}

function at(view, r, c) {
  return view.rows[r]?.[c] ?? "_";
}

// opts: {from, t, move (playback); desc (goal, holes); lastMove (the move that
//        led here, drawn as a path); cursor {r, c}; numbers (bool, default true);
//        play mode: selected {r, c}, targets [[r, c], ...], losing [[r, c], ...]
//        (targets after which the goal cannot be reached), preview (a move_json),
//        drag {path, removed, at} (the peg under the finger: the holes its
//        chain has landed in, the pegs it has jumped, the finger in grid
//        units -- board.gridAt's -- or null: resting on the path's end)}
// A view may carry `offset` [dr, dc] (the editor's margin round the board)
// and `ghosts` [[r, c], ...] (cells without a hole drawn faintly, to add one).
export function draw(board, view, opts = {}) {
  const { ctx } = board;
  const p = palette();
  const s = board.cell;
  const L = layout(board, view);
  const [or, oc] = view.offset || [0, 0];
  board.clear();

  // the board: the holes' squares with rounded corners (square lattice) or
  // a union of discs round the holes (triangular), with a rim
  const holeCells = L.cells.filter(([r, c]) => at(view, r, c) !== "_");
  const discR = s * 0.6;
  for (const [fill, extra] of [[p.frame, 1.5], [p.bg, 0]]) {
    ctx.fillStyle = fill;
    if (view.lattice === "tri") {
      ctx.beginPath();
      for (const [r, c] of holeCells) {
        const q = L.centre(r, c);
        ctx.moveTo(q.x + discR + extra, q.y);
        ctx.arc(q.x, q.y, discR + extra, 0, 2 * Math.PI);
      }
    } else {
      roundedPath(ctx, holeCells, L.point, -0.12 - extra / s, 0.3, s);
    }
    ctx.fill();
  }

  // ghost cells (editor: where a hole may be added)
  if (view.ghosts?.length) {
    ctx.strokeStyle = p.muted;
    ctx.globalAlpha = 0.45;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    for (const [r, c] of L.cells) {
      if (at(view, r, c) !== "_") continue;
      const q = L.centre(r, c);
      ctx.beginPath();
      ctx.arc(q.x, q.y, s * HOLE_R, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }

  // holes
  for (const [r, c] of holeCells) {
    const q = L.centre(r, c);
    ctx.fillStyle = p.pegHole;
    ctx.beginPath();
    ctx.arc(q.x, q.y, s * HOLE_R, 0, 2 * Math.PI);
    ctx.fill();
  }

  // goal rings: a peg must end here (o) / may (?)
  const goal = opts.desc?.goal;
  if (goal && !view.isGoal) {
    for (const [r, c] of holeCells) {
      const g = goal[r - or]?.[c - oc];
      if (g !== "o" && g !== "?") continue;
      const q = L.centre(r, c);
      ctx.strokeStyle = g === "o" ? p.accent : p.muted;
      ctx.lineWidth = Math.max(2, s * 0.06);
      ctx.setLineDash(g === "o" ? [] : [s * 0.08, s * 0.07]);
      ctx.beginPath();
      ctx.arc(q.x, q.y, s * (PEG_R + 0.1), 0, 2 * Math.PI);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  // the last move's path (stays while the position is shown)
  const anim = opts.from && opts.t < 1 && opts.move?.path ? opts.move : null;
  const pathMove = anim || opts.lastMove;
  if (pathMove?.path?.length > 1) drawPath(ctx, L, pathMove, s, p, anim ? ease(opts.t) : 1);
  const focus = cssVar("--focus", "#1d6fd1");

  // pegs
  const fromView = opts.from && opts.t < 1 ? opts.from : null;
  const t = ease(opts.t ?? 1);
  const moving = anim ? anim.path : null;
  const key = (r, c) => `${r},${c}`;
  const skip = new Set();
  if (moving) {
    skip.add(key(...moving[0]));
    skip.add(key(...moving[moving.length - 1]));
    for (const cell of anim.removed || []) skip.add(key(...cell));
  }
  const held = !anim && opts.drag ? opts.drag : null;
  if (held) {
    skip.add(key(...held.path[0]));
    for (const cell of held.removed) skip.add(key(...cell));
    if (held.path.length > 1) drawPath(ctx, L, { path: held.path, removed: [] }, s, p, 1);
  }
  for (const [r, c] of holeCells) {
    if (skip.has(key(r, c))) continue;
    const now = at(view, r, c);
    const before = fromView ? at(fromView, r, c) : now;
    const q = L.centre(r, c);
    if (now === "?") { drawEither(ctx, q, s, p); continue; }
    if (now === "o" && before === "o") drawPeg(ctx, q, s, p, 1);
    else if (now === "o") drawPeg(ctx, q, s, p, t);           // fades in (no move data)
    else if (before === "o") drawPeg(ctx, q, s, p, 1 - t);    // fades out
  }
  if (moving) {
    const n = moving.length - 1;
    const pos = t * n;
    const k = Math.min(n - 1, Math.floor(pos));
    const f = pos - k;
    (anim.removed || []).forEach((cell, i) => {
      const alpha = i < k ? 0 : i > k ? 1 : 1 - Math.min(1, Math.max(0, (f - 0.35) / 0.5));
      if (alpha > 0) drawPeg(ctx, L.centre(...cell), s, p, alpha, true);
    });
    const a = L.centre(...moving[k]);
    const b = L.centre(...moving[k + 1]);
    const hop = Math.sin(Math.PI * f) * s * 0.28;
    const scale = 1 + Math.sin(Math.PI * f) * 0.12;
    drawPeg(ctx, { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f - hop }, s * scale, p, 1, false, true);
  }

  if (held) {
    for (const cell of held.removed) drawPeg(ctx, L.centre(...cell), s, p, 0.35, true);
    const end = held.path[held.path.length - 1];
    const q = held.at ? board.toPixels(held.at.x, held.at.y) : L.centre(...end);
    drawPeg(ctx, q, s * 1.12, p, 1, false, true);
  }

  // play mode: the move the keys point at, over the pegs it jumps
  if (opts.preview?.path?.length > 1 && !anim) drawPath(ctx, L, opts.preview, s, { ...p, accent: focus }, 1);

  // hole names (d4; numbers on triangles), small
  if (opts.numbers !== false && !opts.thumb && opts.desc?.holes) {
    const fs = Math.max(8, Math.round(s * 0.2));
    ctx.font = `600 ${fs}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const dark = cssVar("--tile-text", "#2b2b2b");
    opts.desc.holes.forEach(([hr, hc], i) => {
      const r = hr + or;
      const c = hc + oc;
      if (at(view, r, c) === "_") return;
      const q = L.centre(r, c);
      const onPeg = at(view, r, c) === "o" && !skip.has(key(r, c));
      ctx.fillStyle = onPeg ? p.bg : dark;
      ctx.globalAlpha = onPeg ? 0.95 : 0.7;
      ctx.fillText(opts.desc.hole_names?.[i] ?? String(i), q.x, q.y + (onPeg ? 0 : s * 0.3));
      ctx.globalAlpha = 1;
    });
  }

  for (const [r, c] of opts.targets || []) {
    const q = L.centre(r, c);
    ctx.strokeStyle = focus;
    ctx.lineWidth = Math.max(2, s * 0.05);
    ctx.setLineDash([s * 0.07, s * 0.06]);
    ctx.beginPath();
    ctx.arc(q.x, q.y, s * (PEG_R + 0.02), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  const bad = cssVar("--bad", "#a8322a");
  for (const [r, c] of opts.losing || []) {
    const q = L.centre(r, c);
    const d = s * 0.16;
    ctx.strokeStyle = bad;
    ctx.lineWidth = Math.max(2, s * 0.06);
    ctx.beginPath();
    ctx.moveTo(q.x - d, q.y - d); ctx.lineTo(q.x + d, q.y + d);
    ctx.moveTo(q.x + d, q.y - d); ctx.lineTo(q.x - d, q.y + d);
    ctx.stroke();
  }
  if (opts.selected) {
    const q = L.centre(opts.selected.r, opts.selected.c);
    ctx.strokeStyle = focus;
    ctx.lineWidth = Math.max(3, s * 0.08);
    ctx.beginPath();
    ctx.arc(q.x, q.y, s * (PEG_R + 0.06), 0, 2 * Math.PI);
    ctx.stroke();
  }
  if (opts.cursor) {
    const q = L.centre(opts.cursor.r, opts.cursor.c);
    ctx.strokeStyle = focus;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(q.x, q.y, s * 0.47, 0, 2 * Math.PI);
    ctx.stroke();
  }
}

function drawPeg(ctx, q, s, p, alpha = 1, removed = false, lifted = false) {
  if (alpha <= 0) return;
  ctx.save();
  ctx.globalAlpha = alpha;
  if (lifted) {
    ctx.shadowColor = "rgba(0,0,0,0.3)";
    ctx.shadowBlur = s * 0.15;
    ctx.shadowOffsetY = s * 0.08;
  }
  const r = s * PEG_R;
  const g = ctx.createRadialGradient(q.x - r * 0.35, q.y - r * 0.4, r * 0.1, q.x, q.y, r);
  g.addColorStop(0, shade(p.peg, 0.35));
  g.addColorStop(1, p.peg);
  ctx.fillStyle = removed ? p.muted : g;
  ctx.beginPath();
  ctx.arc(q.x, q.y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

function drawEither(ctx, q, s, p) {
  ctx.strokeStyle = p.muted;
  ctx.lineWidth = Math.max(1.5, s * 0.04);
  ctx.setLineDash([s * 0.08, s * 0.07]);
  ctx.beginPath();
  ctx.arc(q.x, q.y, s * PEG_R, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = p.text;
  ctx.font = `700 ${Math.round(s * 0.34)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText("?", q.x, q.y + 1);
}

// The chain: a line through the landing holes (drawn up to `t`), a dot on
// each landing and a cross on each peg it removes.
function drawPath(ctx, L, move, s, p, t) {
  const pts = move.path.map((cell) => L.centre(...cell));
  const n = pts.length - 1;
  const pos = t * n;
  ctx.save();
  ctx.strokeStyle = p.accent;
  ctx.fillStyle = p.accent;
  ctx.globalAlpha = 0.75;
  ctx.lineWidth = Math.max(2, s * 0.07);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(pts[0].x, pts[0].y);
  for (let i = 1; i <= n; i++) {
    if (pos >= i) ctx.lineTo(pts[i].x, pts[i].y);
    else if (pos > i - 1) {
      const f = pos - (i - 1);
      ctx.lineTo(pts[i - 1].x + (pts[i].x - pts[i - 1].x) * f, pts[i - 1].y + (pts[i].y - pts[i - 1].y) * f);
    }
  }
  ctx.stroke();
  pts.forEach((q, i) => {
    if (i > pos) return;
    ctx.beginPath();
    ctx.arc(q.x, q.y, s * (i === 0 ? 0.09 : 0.12), 0, 2 * Math.PI);
    if (i === 0) ctx.stroke(); else ctx.fill();
  });
  // removed pegs: a small cross where each was
  ctx.lineWidth = Math.max(1.5, s * 0.045);
  ctx.globalAlpha = t >= 1 ? 0.6 : 0.35;
  for (const cell of move.removed || []) {
    const q = L.centre(...cell);
    const m = s * 0.11;
    ctx.beginPath();
    ctx.moveTo(q.x - m, q.y - m); ctx.lineTo(q.x + m, q.y + m);
    ctx.moveTo(q.x + m, q.y - m); ctx.lineTo(q.x - m, q.y + m);
    ctx.stroke();
  }
  ctx.restore();
}

// A lighter (amount > 0) version of a #rrggbb colour, for the peg's shine.
function shade(color, amount) {
  const m = color.match(/^#([0-9a-f]{6})$/i);
  if (!m) return color;
  const v = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  const out = v.map((x) => Math.round(x + (255 - x) * amount));
  return `rgb(${out.join(",")})`;
}

// The goal picture: pegs where one must end, dashed rings where one may
// (describe's goal rows; "?" shown as a hole with the ring).
export function goalView(desc) {
  if (!desc.goal) return null;
  return { family: "pegs", lattice: desc.lattice, rows: desc.goal.map((row) => row.replace(/\?/g, ".")) };
}

// The position in words, row by row (screen readers).
export function text(view) {
  const word = { o: "peg", ".": "hole" };
  const pegs = view.rows.join("").split("o").length - 1;
  const rows = view.rows.map((row, r) => {
    const cells = [...row].map((ch) => word[ch]).filter(Boolean);
    return cells.length ? `row ${r + 1}: ${cells.join(" ")}` : null;
  }).filter(Boolean);
  return `Peg solitaire board, ${pegs} peg${pegs === 1 ? "" : "s"}; ${rows.join("; ")}.`;
}

// The hinted move (api.py move_data: the path of the jumping peg) as an
// arrow from hole to hole.
export function hint(board, view, move) {
  const L = layout(board, view);
  const points = (move.path || []).map(([r, c]) => L.centre(r, c));
  arrowPath(board.ctx, points, palette().accent, Math.max(3, board.cell * 0.09));
}
