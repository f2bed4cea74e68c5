// Renderer for the tiles family: draws a `view` {width, height, cells} from
// api.py, and the slide between two views during playback (tiles matched by
// number).  Knows no rule: where a tile may go is the solver's business.
// Siblings: render/blocks.js, render/pegs.js, the shared helpers in
// render/draw.js; view.js calls it (the interface is written down in family.js).

import { palette, roundRect, ease, arrow } from "./draw.js";

export function grid(view) {
  return { cols: view.width, rows: view.height, aspect: 1 };
}

function positions(view) {
  const pos = new Map();
  view.cells.forEach((tile, i) => { if (tile) pos.set(tile, [Math.floor(i / view.width), i % view.width]); });
  return pos;
}

// opts: {from (view), t (0..1, progress from `from` to `view`), goal (cells),
//        selected (cell index), drag ({tiles, dx, dy}: play mode's tiles
//        under the finger, moved by dx columns and dy rows)}
export function draw(board, view, opts = {}) {
  const { ctx } = board;
  const p = palette();
  board.clear();
  const frame = board.cellRect(0, 0);
  ctx.fillStyle = p.bg;
  roundRect(ctx, frame.x - 4, frame.y - 4, view.width * board.cell + 8, view.height * board.cell + 8, 8);
  ctx.fill();
  const now = positions(view);
  const before = opts.from && opts.t < 1 ? positions(opts.from) : null;
  const t = opts.t ?? 1;
  const e = ease(t);
  const goal = opts.goal;
  const font = Math.max(10, Math.round(board.cell * (view.width * view.height > 36 ? 0.32 : 0.42)));
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `600 ${font}px system-ui, sans-serif`;
  for (const [tile, [r, c]] of now) {
    let rr = r;
    let cc = c;
    if (before && before.has(tile)) {
      const [r0, c0] = before.get(tile);
      rr = r0 + (r - r0) * e;
      cc = c0 + (c - c0) * e;
    }
    const dragged = opts.drag?.tiles.includes(tile);
    if (dragged) {
      rr += opts.drag.dy;
      cc += opts.drag.dx;
    }
    const rect = board.cellRect(rr, cc);
    const inset = Math.max(1.5, board.cell * 0.04);
    const home = goal && goal[r * view.width + c] === tile && !(before && t < 1) && !dragged;
    ctx.fillStyle = p.tile;
    roundRect(ctx, rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset, board.cell * 0.12);
    if (dragged) {
      ctx.save();
      ctx.shadowColor = "rgba(0,0,0,0.28)";
      ctx.shadowBlur = board.cell * 0.12;
      ctx.shadowOffsetY = board.cell * 0.04;
      ctx.fill();
      ctx.restore();
    } else {
      ctx.fill();
    }
    ctx.lineWidth = opts.selected === r * view.width + c ? 3 : 1.5;
    ctx.strokeStyle = opts.selected === r * view.width + c ? p.accent : home ? p.good : p.tileEdge;
    ctx.stroke();
    ctx.fillStyle = home ? p.good : p.text;
    ctx.fillText(String(tile), rect.x + rect.w / 2, rect.y + rect.h / 2 + 1);
  }
  if (opts.selected !== undefined && opts.selected !== null && !view.cells[opts.selected]) {
    const r = Math.floor(opts.selected / view.width);
    const rect = board.cellRect(r, opts.selected % view.width);
    ctx.strokeStyle = p.accent;
    ctx.lineWidth = 3;
    ctx.strokeRect(rect.x + 3, rect.y + 3, rect.w - 6, rect.h - 6);
  }
}

// The position in words, row by row (screen readers).
export function text(view) {
  const rows = [];
  for (let r = 0; r < view.height; r++) {
    const row = view.cells.slice(r * view.width, (r + 1) * view.width).map((t) => (t ? String(t) : "blank"));
    rows.push(`row ${r + 1}: ${row.join(" ")}`);
  }
  return `${view.width} by ${view.height} tiles; ${rows.join("; ")}.`;
}

// The goal picture: the goal position (describe's goal cells).
export function goalView(desc) {
  return desc.goal ? { family: "tiles", width: desc.width, height: desc.height, cells: desc.goal } : null;
}

const STEP = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };

// The hinted move (api.py move_data: tile(s) and direction) as arrows.
export function hint(board, view, move) {
  const [dr, dc] = STEP[move.dir] || [0, 0];
  for (const tile of move.tiles || [move.tile]) {
    const i = view.cells.indexOf(tile);
    if (i < 0) continue;
    const rect = board.cellRect(Math.floor(i / view.width), i % view.width);
    const x = rect.x + rect.w / 2;
    const y = rect.y + rect.h / 2;
    arrow(board.ctx, x - dc * rect.w * 0.2, y - dr * rect.h * 0.2, x + dc * rect.w * 0.75, y + dr * rect.h * 0.75,
      palette().accent, Math.max(3, board.cell * 0.08));
  }
}
