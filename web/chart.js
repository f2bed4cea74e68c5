// A small bar chart for distance histograms (analysis views), drawn on a
// canvas at devicePixelRatio.  Called by analysis.js with the `histogram`
// list from api.py's analyze reply; colours from render/draw.js.

import { palette } from "./render/draw.js";

export function drawHistogram(canvas, counts) {
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
  const pad = 18;
  const bw = (w - 2 * pad) / counts.length;
  ctx.fillStyle = p.accent;
  counts.forEach((n, i) => {
    const bh = (h - 2 * pad) * (n / max);
    ctx.fillRect(pad + i * bw + 0.5, h - pad - bh, Math.max(1, bw - 1), bh);
  });
  ctx.fillStyle = p.muted;
  ctx.font = "11px system-ui, sans-serif";
  ctx.textAlign = "left";
  ctx.fillText("0", pad, h - 4);
  ctx.textAlign = "right";
  ctx.fillText(String(counts.length - 1), w - pad, h - 4);
  ctx.fillText(`max ${max.toLocaleString("en")}`, w - pad, 12);
  canvas.setAttribute("aria-label", `Distance histogram: ${counts.length - 1} moves at most; counts ${counts.join(", ")}`);
}
