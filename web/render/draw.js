// Drawing helpers shared by the family renderers (render/tiles.js,
// render/blocks.js, render/pegs.js) and the histogram (chart.js): colours
// from CSS custom properties, rounded rectangles, rounded outlines of a set
// of grid cells, and the easing curve of every slide.  Knows no family.

// A CSS custom property of the page (so dark mode needs no JS), or `fallback`.
export function cssVar(name, fallback, element = document.documentElement) {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

// The board colours, read once per draw.
export function palette(element = document.documentElement) {
  const css = getComputedStyle(element);
  const get = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    bg: get("--board-bg", "#e9e4d8"),
    frame: get("--board-frame", "#8a7d64"),
    tile: get("--tile", "#f7f1e3"),
    tileEdge: get("--tile-edge", "#b59f72"),
    text: get("--tile-text", "#2b2b2b"),
    good: get("--good", "#3a8f5c"),
    accent: get("--accent", "#c2603a"),
    hole: get("--hole", "#c9bfa8"),
    pegHole: get("--peg-hole", "#807259"),   // 3:1 against the board (WCAG non-text)
    peg: get("--peg", "#7a3b1f"),
    wall: get("--wall", "#5a5142"),
    muted: get("--muted", "#888"),
  };
}

// Ease in and out (quadratic): the progress of a slide at time t in 0..1.
export function ease(t) {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// Boundary loops of a set of cells [[r, c], ...], as lists of lattice points
// [x, y] (x = column, y = row), each loop with the inside on its right in
// screen terms (so the inward normal of a step (dx, dy) is (-dy, dx)).
// Example: the one cell [[0, 0]] has the loop [[0, 0], [1, 0], [1, 1], [0, 1]].
export function loops(cells) {
  const has = new Set(cells.map(([r, c]) => `${r},${c}`));
  const out = new Map();          // "x,y" -> [[x2, y2], ...]
  const add = (x1, y1, x2, y2) => {
    const k = `${x1},${y1}`;
    if (!out.has(k)) out.set(k, []);
    out.get(k).push([x2, y2]);
  };
  for (const [r, c] of cells) {
    if (!has.has(`${r - 1},${c}`)) add(c, r, c + 1, r);
    if (!has.has(`${r},${c + 1}`)) add(c + 1, r, c + 1, r + 1);
    if (!has.has(`${r + 1},${c}`)) add(c + 1, r + 1, c, r + 1);
    if (!has.has(`${r},${c - 1}`)) add(c, r + 1, c, r);
  }
  const result = [];
  for (;;) {
    const first = [...out.keys()].find((k) => out.get(k).length);
    if (first === undefined) break;
    let [x, y] = first.split(",").map(Number);
    const pts = [[x, y]];
    for (let guard = 0; guard < 4 * cells.length + 4; guard++) {
      const next = out.get(`${x},${y}`);
      if (!next || !next.length) break;
      [x, y] = next.shift();
      if (`${x},${y}` === first) break;
      pts.push([x, y]);
    }
    // drop points in the middle of straight runs
    const corners = pts.filter((p, i) => {
      const a = pts[(i + pts.length - 1) % pts.length];
      const b = pts[(i + 1) % pts.length];
      return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) !== 0;
    });
    if (corners.length >= 4) result.push(corners);
  }
  return result;
}

// Path of the loops of `cells` shrunk by `inset` (cells; negative grows
// them) with rounded corners of `radius` cells; `toPx(x, y)` maps lattice
// points (x = column, y = row) to canvas pixels, `cell` is a cell in pixels.
// Blocks are drawn with it, and the square peg boards.
export function roundedPath(ctx, cells, toPx, inset, radius, cell) {
  ctx.beginPath();
  for (const pts of loops(cells)) {
    const n = pts.length;
    const moved = pts.map((p, i) => {
      const a = pts[(i + n - 1) % n];
      const b = pts[(i + 1) % n];
      const d1 = [Math.sign(p[0] - a[0]), Math.sign(p[1] - a[1])];
      const d2 = [Math.sign(b[0] - p[0]), Math.sign(b[1] - p[1])];
      return toPx(p[0] + inset * (-d1[1] - d2[1]), p[1] + inset * (d1[0] + d2[0]));
    });
    const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const start = mid(moved[n - 1], moved[0]);
    ctx.moveTo(start[0], start[1]);
    for (let i = 0; i < n; i++) {
      const p = moved[i];
      const prev = moved[(i + n - 1) % n];
      const next = moved[(i + 1) % n];
      const m = mid(p, next);
      const r = Math.min(radius * cell, Math.hypot(p[0] - prev[0], p[1] - prev[1]) / 2,
        Math.hypot(next[0] - p[0], next[1] - p[1]) / 2);
      ctx.arcTo(p[0], p[1], m[0], m[1], r);
    }
    ctx.closePath();
  }
}

// An arrow from (x0, y0) to (x1, y1), CSS pixels: the hinted move on a board.
export function arrow(ctx, x0, y0, x1, y1, color, width = 5) {
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const head = width * 2.6;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.globalAlpha = 0.85;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - Math.cos(angle) * head * 0.8, y1 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - Math.cos(angle - 0.45) * head, y1 - Math.sin(angle - 0.45) * head);
  ctx.lineTo(x1 - Math.cos(angle + 0.45) * head, y1 - Math.sin(angle + 0.45) * head);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

// An arrow along points [{x, y}, ...] (a block's slide round a corner, a
// chain of jumps): lines, then the head on the last leg.
export function arrowPath(ctx, points, color, width = 5) {
  if (points.length < 2) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.globalAlpha = 0.85;
  ctx.beginPath();
  ctx.moveTo(points[0].x, points[0].y);
  for (const q of points.slice(1, -1)) ctx.lineTo(q.x, q.y);
  ctx.stroke();
  ctx.restore();
  const a = points[points.length - 2];
  const b = points[points.length - 1];
  arrow(ctx, a.x, a.y, b.x, b.y, color, width);
}
