// Sharing what is on screen: "Copy link" (position with its goal, counting
// rule, method, lower bound and -- with a solution shown -- the solution
// itself (`path`, with its proven bound `lb`) and the step, put in the
// address bar too), "Copy solution" and "Download" (the solution as text),
// "Save picture" (the position shown, PNG) and "Save as pictures" (the
// solution move by move in one PNG), drawn by the family's renderer on
// boards of their own.  Wired by page.js; links.js writes the link.

import { $ } from "./dom.js";
import { linkFor, setHash } from "./links.js";
import { chosenOptions } from "./methods.js";
import { Board } from "./board.js";
import { shownView } from "./state.js";
import { cssVar } from "./render/draw.js";

const PICTURE_PX = 480;       // the picture of one position, CSS pixels wide
const FRAME_PX = 150;         // one frame of the solution's strip
const MAX_FRAMES = 60;        // a longer solution is sampled evenly
const STRIP_COLUMNS = 6;

// One position drawn on a canvas of its own (`width` CSS pixels).
function picture(app, view, width) {
  const family = app.families[app.desc.family];
  const canvas = document.createElement("canvas");
  const board = new Board(canvas, { width, height: width * 1.4 });
  const g = family.render.grid(view, app.desc);
  board.setGrid(g.cols, g.rows, g.aspect);
  board.clear(cssVar("--panel", "#fff"));
  family.render.draw(board, view, { desc: app.desc, goal: app.desc.goal });
  return canvas;
}

function savePng(canvas, name) {
  canvas.toBlob((blob) => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    $("copy-out").textContent = `Saved ${name}.`;
  }, "image/png");
}

// The solution, frame by frame (the start, each move, the goal) in one image.
function strip(app) {
  const s = app.solution;
  const n = s.positions.length;
  const picks = n <= MAX_FRAMES ? [...Array(n).keys()]
    : [...new Set([...Array(MAX_FRAMES).keys()].map((i) => Math.round((i * (n - 1)) / (MAX_FRAMES - 1))))];
  const frames = picks.map((i) => picture(app, s.positions[i], FRAME_PX));
  const cols = Math.min(STRIP_COLUMNS, frames.length);
  const cellW = FRAME_PX + 12;
  const cellH = Math.max(...frames.map((f) => parseFloat(f.style.height))) + 26;
  const head = 34;
  const out = document.createElement("canvas");
  out.width = cols * cellW + 12;
  out.height = head + Math.ceil(frames.length / cols) * cellH + 8;
  const ctx = out.getContext("2d");
  ctx.fillStyle = cssVar("--panel", "#fff");
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = cssVar("--fg", "#222");
  ctx.font = "600 15px system-ui, sans-serif";
  ctx.fillText(`${s.code} · ${s.length} moves${s.optimal ? " (proven optimal)" : ""}`, 10, 22);
  ctx.font = "12px system-ui, sans-serif";
  frames.forEach((f, k) => {
    const x = 6 + (k % cols) * cellW;
    const y = head + Math.floor(k / cols) * cellH;
    ctx.drawImage(f, x, y, parseFloat(f.style.width), parseFloat(f.style.height));
    const i = picks[k];
    ctx.fillText(i === 0 ? "start" : `${i}. ${s.moves[i - 1]}`, x + 4, y + cellH - 8);
  });
  return out;
}

function copyText(text, what) {
  const done = () => { $("copy-out").textContent = `${what} copied.`; };
  const fallback = () => { $("copy-out").textContent = text; };
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

function shareLink(app) {
  const opts = { ...app.options, ...chosenOptions() };
  if (app.solution && !app.play?.active && app.solution.length === null) {
    // no solution yet: the proven bound travels alone (an impossible
    // position needs nothing: the link's recipient is told at once)
    if (app.solution.lower_bound) opts.lb = String(app.solution.lower_bound);
  } else if (app.solution && !app.play?.active) {
    opts.step = String(app.step);
    if (app.solution.path && app.solution.solutions === undefined) {
      // the answer itself, opened at once by the recipient (api.py replay
      // checks every move); what it proves travels with it.  A counted
      // solve is not: its count can only be had by solving again.
      opts.path = app.solution.path;
      opts.lb = String(app.solution.optimal ? app.solution.length : app.solution.lower_bound ?? 0);
    }
  }
  const code = app.play?.active ? app.play.code : app.desc.code;
  return linkFor(code, opts);
}

// The address follows what is on screen: once a solution is shown (and
// whenever its step changes, ADDRESS_MS after the last change, so playback
// does not flood the history), the address bar holds the same link Copy
// link makes, the solution and its step included, so a reload -- into a
// new build too (offline.js) -- opens the same.  Not while a solve runs or
// in play mode (whose position is not the one being edited).
const ADDRESS_MS = 400;
let addressTimer = null;

export function keepInAddress(app) {
  clearTimeout(addressTimer);
  if (!app.desc || app.play?.active || document.body.dataset.state === "solving") return;
  setHash(shareLink(app));
}

export function followInAddress(app) {
  clearTimeout(addressTimer);
  if (!app.solution) return;
  addressTimer = setTimeout(() => { if (app.solution) keepInAddress(app); }, ADDRESS_MS);
}

function solutionText(app) {
  const s = app.solution;
  const lines = [`Puzzle Lab solution for ${s.code}`,
    `${s.length} moves, ${s.optimal ? "proven optimal" : `not proven optimal (proven at least ${s.lower_bound ?? 0})`}, by ${s.algorithm}` +
    (s.metric ? ` (counting: ${s.metric})` : ""),
    "", s.moves.join(" "), "", `final: ${s.final}`];
  return lines.join("\n") + "\n";
}

export function wireShare(app) {
  $("copy-link").addEventListener("click", () => {
    if (!app.desc) { $("copy-out").textContent = "No position yet."; return; }
    const link = shareLink(app);
    setHash(link);
    copyText(new URL(`#${link}`, location.href).href, "Link");
  });
  $("copy-solution").addEventListener("click", () => copyText(solutionText(app), "Solution"));
  $("share-image").addEventListener("click", () => {
    const view = shownView(app);
    if (view) savePng(picture(app, view, PICTURE_PX), `puzzlelab-${app.desc.family}.png`);
  });
  $("share-strip").addEventListener("click", () => {
    if (app.solution) savePng(strip(app), `puzzlelab-${app.desc.family}-${app.solution.length}-moves.png`);
  });
  $("download-solution").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([solutionText(app)], { type: "text/plain" }));
    a.download = `puzzlelab-${app.solution.family}-${app.solution.length}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
}
