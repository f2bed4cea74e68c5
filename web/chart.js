// A small bar chart for distance histograms (analysis views), drawn on a
// canvas at devicePixelRatio.  Called by analysis.js with the `histogram`
// list from api.py's analyze reply; colours from render/draw.js.

import { palette } from "./render/draw.js";

// Bars: positions at each distance; axes labelled, the x axis ticked at
// round distances, the y axis at 0 and the largest count; each bar's count
// written over it when there is room.
export function drawHistogram(canvas, counts, { what = "moves from the goal" } = {}) {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth || 300;
  const h = canvas.clientHeight || 160;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  const p = palette();
  const max = Math.max(...counts, 1);
  const fmt = (n) => n.toLocaleString("en");
  ctx.font = "11px system-ui, sans-serif";
  const left = Math.max(ctx.measureText(fmt(max)).width + 8, 24);
  const top = 24;
  const bottom = 32;
  const plotW = w - left - 8;
  const plotH = h - top - bottom;
  const bw = plotW / counts.length;
  ctx.fillStyle = p.accent;
  counts.forEach((n, i) => {
    const bh = plotH * (n / max);
    ctx.fillRect(left + i * bw + 0.5, top + plotH - bh, Math.max(1, bw - 1), bh);
  });
  // axes
  ctx.strokeStyle = p.muted;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left, top + plotH);
  ctx.lineTo(left + plotW, top + plotH);
  ctx.stroke();
  ctx.fillStyle = p.muted;
  // y: 0 and the largest count
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.fillText("0", left - 4, top + plotH);
  ctx.fillText(fmt(max), left - 4, top);
  // x: ticks at a round step so that labels do not collide
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  const room = Math.max(1, Math.floor(plotW / 28));
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => counts.length / s <= room) || 1000;
  for (let d = 0; d < counts.length; d += step) ctx.fillText(String(d), left + (d + 0.5) * bw, top + plotH + 3);
  ctx.fillText(`distance (${what})`, left + plotW / 2, top + plotH + 17);
  // counts over the bars, when each has room for its number
  if (bw >= ctx.measureText(fmt(max)).width + 2) {
    ctx.textBaseline = "bottom";
    counts.forEach((n, i) => ctx.fillText(fmt(n), left + (i + 0.5) * bw, top + plotH - plotH * (n / max) - 1));
  }
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText("positions", 2, 10);
  canvas.setAttribute("aria-label", `Distance histogram: ${counts.length - 1} moves at most; positions at each distance ${counts.map(fmt).join(", ")}`);
}
