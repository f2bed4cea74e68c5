// "New puzzle": the difficulty menu over the board, built from describe's
// `generate` offer (api.py; the family's difficulties, "exactly N moves" where
// it offers that), and the button, which asks api.py `generate` for a new
// start on the same board (its distance proven before it comes), opens it
// (position.js's openReply, handed over by page.js: Back returns to the
// puzzle before) and starts play mode on it.  A long request (requests.js):
// Cancel stops it.  Wired by page.js; position.js refills the menu per position.

import { $, fillSelect } from "./dom.js";
import { setState, showMessage } from "./status.js";
import { linkFor } from "./links.js";
import { budgetMb } from "./methods.js";
import { startRequest, setBusy } from "./requests.js";

const EXACT = "exact";          // the menu's "exactly N moves" choice

// The piece count's menu, where the offer takes one (a Rush Hour board: a
// new layout of that many vehicles): "these" (the pieces on the board) or a number.
function fillPieces(app, offer) {
  const menu = $("gen-pieces");
  menu.hidden = !offer.pieces;
  if (!offer.pieces) return;
  const noun = app.desc.exits?.length ? "vehicles" : "pieces";
  const [lo, hi] = offer.pieces;
  const kept = menu.value;
  fillSelect(menu, [{ value: "", label: `These ${noun}` },
    ...Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: String(lo + i), label: `${lo + i} ${noun}` }))], kept);
  menu.setAttribute("aria-label", `How many ${noun}: these, or a new layout of that many`);
}

// Fill the menu for app.desc: its difficulties, the one chosen last kept.
export function fillNewGame(app) {
  const offer = app.desc?.generate || { difficulties: [], moves: null, why: "" };
  const items = offer.difficulties.map((d) => ({ value: d.name, label: d.label }));
  if (offer.moves) items.push({ value: EXACT, label: "Exactly N moves…" });
  const none = !items.length;
  fillSelect($("difficulty"), none ? [{ value: "", label: "New puzzle: none here" }] : items,
    items.some((i) => i.value === app.newGame.difficulty) ? app.newGame.difficulty : items[0]?.value);
  $("difficulty").disabled = none;
  $("new-puzzle").disabled = none || !!app.solveReq || !app.solver.ready;
  $("new-puzzle").title = none ? offer.why : "A new start on this board, its distance to the goal proven by the solver";
  if (offer.moves) {
    const [lo, hi] = offer.moves;
    Object.assign($("gen-moves"), { min: String(lo), max: String(hi) });
    $("gen-moves").value = String(Math.min(hi, Math.max(lo, app.newGame.moves)));
  }
  fillPieces(app, offer);
  followChoice(app);
}

// The help line says what the difficulty chosen makes (or why none is offered).
function followChoice(app) {
  const offer = app.desc?.generate || { difficulties: [] };
  const choice = $("difficulty").value;
  $("gen-moves").hidden = choice !== EXACT;
  const level = offer.difficulties.find((d) => d.name === choice);
  $("newgame-help").textContent = !offer.difficulties.length && !offer.moves ? offer.why || ""
    : choice === EXACT ? `Exactly this many moves from the goal (${offer.moves[0]}–${offer.moves[1]}).`
      : level ? `${level.label}: ${level.help}.` : "";
}

async function newPuzzle(app, openReply) {
  while (app.loading) await new Promise((ok) => setTimeout(ok, 25));    // the position first
  if (!app.desc || app.solveReq || $("new-puzzle").disabled) return;
  const choice = $("difficulty").value;
  const req = { op: "generate", code: linkFor(app.desc.code, { metric: app.options.metric }),
    seed: Math.floor(Math.random() * 2 ** 31), max_memory: budgetMb() };
  if (choice === EXACT) {
    const [lo, hi] = app.desc.generate.moves;
    const n = Math.round(Number($("gen-moves").value));
    if (!(n >= lo && n <= hi)) { showMessage(`Choose from ${lo} to ${hi} moves.`); return; }
    req.moves = n;
    app.newGame.moves = n;
  } else {
    req.difficulty = choice;
  }
  if (!$("gen-pieces").hidden && $("gen-pieces").value) req.pieces = Number($("gen-pieces").value);
  app.newGame.difficulty = choice;
  const previous = document.body.dataset.state;
  setState("solving");
  showMessage("");
  app.solveReq = true;
  setBusy(app, true);
  $("newgame-help").textContent = "Making a new puzzle and proving its distance…";
  const reply = await startRequest(app, req, (p) => {
    if (p.elapsed !== undefined) $("newgame-help").textContent = `Making a new puzzle and proving its distance… ${p.elapsed.toFixed(1)} s`;
  });
  app.solveReq = null;
  setBusy(app, false);
  setState(previous === "solved" ? "solved" : "ready");
  if (!reply.ok) {
    followChoice(app);
    if (reply.error.type !== "cancelled") showMessage(reply.error.message);
    return;
  }
  openReply(app, reply);
  const level = reply.difficulty ? `${app.desc.generate.difficulties.find((d) => d.name === reply.difficulty)?.label || reply.difficulty}: ` : "";
  const n = reply.distance;
  $("newgame-help").textContent = `${level}${n} move${n === 1 ? "" : "s"} from the goal (proven). Drag the pieces to play.`;
  document.body.dataset.generated = String(n);     // the tests read the distance here
  app.play.enter(reply.code, app.families[reply.family]);
}

/** `openReply(app, reply)`: show a describe reply as a new position (position.js). */
export function wireNewGame(app, openReply) {
  $("new-puzzle").addEventListener("click", () => newPuzzle(app, openReply));
  $("difficulty").addEventListener("change", () => {
    if ($("difficulty").value) app.newGame.difficulty = $("difficulty").value;
    followChoice(app);
  });
  $("gen-moves").addEventListener("keydown", (e) => { if (e.key === "Enter") newPuzzle(app, openReply); });
}
