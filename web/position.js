// The position being edited: opening a code or link (typed, a preset, a
// family button, the address bar, Back/Forward, a new counting rule) through
// api.py `describe`, showing the reply, mounting the family editor and
// running its `edit`s, keeping the address bar and storage (links.js) in
// step, the preset menu.  Wired by page.js; beside it methods.js, solve.js.

import { $, fillSelect } from "./dom.js";
import { setState, pageState, showMessage, keepingMessage } from "./status.js";
import { linkFor, parseLink, parseHash, setHash, saveLocal } from "./links.js";
import { cancel, request, unsolvable } from "./requests.js";
import { fillSolveOptions, chosenMethod } from "./methods.js";
import { stopPlay, updatePlayback } from "./playback.js";
import { solve, showSolution, boundOnly } from "./solve.js";
import { draw, showGoalOver } from "./view.js";
import { familyLabel } from "./family.js";
import { fillNewGame } from "./newgame.js";

// Why a family's position cannot be shown, or null when it can.
function familyProblem(app, name) {
  if (app.families[name]) return null;
  return app.familyErrors[name] || `The ${familyLabel(name)} family is not available in this build yet.`;
}

// What an editor may ask (family.js EditorApi).
function editorApi(app) {
  return {
    // `code`: edit this position instead of the start (e.g. the one shown in playback)
    async edit(action, args = {}, code = app.desc.code) {
      if (pageState() === "solving") return null;
      const before = linkFor(app.desc.code, app.options);
      const reply = await request(app, { op: "edit", code: linkFor(code, app.options), action, args });
      if (!reply.ok) { showMessage(reply.error.message); return null; }
      showMessage(reply.note || "", "info");   // what the edit had to take away, if anything
      if (reply.code !== app.desc.code) {
        app.edits.undo.push(before);
        app.edits.redo = [];
      }
      adopt(app, reply, { push: false });
      return reply;
    },
    redraw: () => draw(app),
    message: showMessage,
  };
}

// Show a describe reply as the position being edited (`fromLink`: a link
// was opened; its options set the menus, see methods.js).
function adopt(app, desc, { push = false, fromLink = false } = {}) {
  stopPlay(app);
  app.desc = desc;
  app.family = desc.family;
  app.solution = null;
  app.step = 0;
  app.anim = null;
  if (desc.options?.metric) app.options.metric = desc.options.metric;
  $("result").hidden = true;
  delete document.body.dataset.solution;
  // what was said of the previous position goes with it
  $("analysis-out").replaceChildren();
  $("chart").hidden = true;
  $("analyze-group").hidden = !desc.group_view;
  $("all-counts").hidden = (desc.metrics || []).length < 2;
  $("counts-out").hidden = true;
  $("progress").textContent = desc.solvable === false ? desc.unsolvable_reason : "";
  $("copy-out").textContent = "";      // "Saved ….png" was about the position before
  showGoalOver(app, false);
  $("code").value = desc.code;
  fillSolveOptions(app, { fromLink });
  app.lab?.fill(desc);
  fillNewGame(app);
  $("analyze").textContent = `Farthest positions from the ${desc.analyze_from || "goal"}`;
  document.querySelectorAll(".families button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.family === desc.family)));
  $("family-pick").value = desc.family;
  const editor = app.families[desc.family]?.edit;
  if (editor) editor.mount($("editor"), app, editorApi(app));
  else $("editor").replaceChildren();
  app.mounted = editor ? desc.family : null;
  $("edit-undo").disabled = !app.edits.undo.length;
  $("edit-redo").disabled = !app.edits.redo.length;
  syncPreset(app);
  const link = linkFor(desc.code, app.options);
  if (parseHash() !== link) setHash(link, push);
  saveLocal(link, desc);
  updatePlayback(app);
  draw(app);
  // "ready" is the solver's too: until it is, the board shows but stays "loading"
  if (pageState() !== "solving") setState(app.solver.ready ? "ready" : "loading");
}

// Load a code or link typed, picked or opened.  A bad one (or one of a
// family whose page parts failed to load) leaves the current position as it
// is and says why.  Returns true when opened, false when refused, and
// "superseded" when a later load took over before this one's reply came.
export async function load(app, link, { push = true, fromLink = true, edit = false } = {}) {
  const { code, opts } = parseLink(link);
  // A new position while a search runs: stop it and switch at once (the
  // search was for the old one).
  if (app.solveReq) cancel(app);
  // Until the position is described, Solve waits ("loading"): a solve of
  // the old menus against the new position could not be what was meant.
  const previous = pageState();
  const edits = app.menuEdits;          // the menus as the user left them now
  app.loading += 1;
  const ticket = ++app.loadTicket;
  if (previous !== "solving") setState("loading");
  $("solve").disabled = true;
  let reply;
  try {
    reply = await request(app, { op: "describe", code: link });
  } finally {
    app.loading -= 1;
  }
  // a later link opened while this one was described: the later one wins
  // (its own load shows it; this reply would put the older position back).
  // Truthy, so that no caller falls back to another position in its place.
  if (ticket !== app.loadTicket) return "superseded";
  // a family whose page parts are missing cannot show it either
  const problem = reply.ok ? familyProblem(app, reply.family) : `That code could not be opened: ${reply.error.message}`;
  if (problem) {
    showMessage(problem);
    // the position stays; a solve this load cancelled is over (never "solving" again)
    const idle = app.solution ? "solved" : app.solver.ready ? "ready" : "loading";
    setState(!app.desc || previous === "error" ? "error" : app.solveReq ? "solving" : idle);
    $("solve").disabled = !app.solver.ready || !!app.solveReq || !!unsolvable(app);
    return false;
  }
  showMessage("");
  if (app.play?.active) app.play.exit();
  if (!edit) app.edits = { undo: [], redo: [] };   // another position: its own history
  const { step: _step, path: _path, lb: _lb, ...keep } = opts;
  // a method chosen while the position loaded (a preset, then the method
  // at once) is the user's latest word: the link's own options give way
  const touched = app.menuEdits !== edits;
  if (touched) for (const k of ["algo", "h", "count", "factor", "mem"]) delete keep[k];
  app.options = keep;
  adopt(app, reply, { push, fromLink: fromLink && !touched });
  let note = "";
  if (opts.path !== undefined && code) {
    // a link with its solution: check it move by move and show it at once
    // (the bound as a link option: the API takes it as the sender's claim,
    // at most the solution's length, where a request field must fit)
    const shown = await request(app, { op: "replay", code: linkFor(reply.code, { metric: keep.metric, lb: opts.lb }),
      path: opts.path });
    if (app.desc !== reply) return true;
    if (shown.ok) {
      app.pendingStep = Number(opts.step) || 0;
      showSolution(app, shown);
      return true;
    }
    note = `${shown.error.message} It is solved again instead.`;
  } else if (opts.lb !== undefined && opts.step === undefined && code) {
    // a link with a proven bound and no solution (a search stopped before
    // one was found): that bound, as the link says, at once
    const lower = Math.max(0, Math.floor(Number(opts.lb)) || 0);
    showSolution(app, boundOnly(reply, lower, null, { from_link: true }));
    return true;
  }
  if ((opts.step !== undefined || opts.path !== undefined) && code) {
    // a link made during playback: solve again and show that step
    app.pendingStep = Number(opts.step) || 0;
    solve(app);
    if (note) showMessage(note, "info");
  }
  return true;
}

// Open a describe reply as a new position (a new puzzle: api.py generate's
// reply), as load() opens a code: play mode left, its own edit history, a
// new entry in the history (Back returns to the puzzle before); the menus
// stay as the user left them.
export function openReply(app, reply) {
  if (app.solveReq) cancel(app);
  showMessage("");
  if (app.play?.active) app.play.exit();
  app.edits = { undo: [], redo: [] };
  const { step: _step, path: _path, lb: _lb, ...keep } = app.options;
  app.options = keep;
  adopt(app, reply, { push: true });
}

// The editor's undo (`back`) and redo: the position before (after) the last edit.
async function undoEdit(app, back) {
  const from = back ? app.edits.undo : app.edits.redo;
  const to = back ? app.edits.redo : app.edits.undo;
  if (!from.length || !app.desc || pageState() === "solving") return;
  const here = linkFor(app.desc.code, app.options);
  const link = from.pop();
  if (await load(app, link, { push: false, fromLink: false, edit: true })) to.push(here);
  else from.push(link);
  $("edit-undo").disabled = !app.edits.undo.length;
  $("edit-redo").disabled = !app.edits.redo.length;
}

// load(), keeping what the message box says (start-up: the link that failed).
export function loadQuiet(app, link) {
  return keepingMessage(() => load(app, link, { push: false }));
}

// ---------------------------------------------------------------- presets ---

// The preset menu lists the presets of app.family (the menu remembers which).
export function fillPresets(app) {
  const items = app.presets.filter((p) => p.family === app.family).map((p) => ({ value: p.code, label: p.label }));
  fillSelect($("preset"), [{ value: "", label: "Choose a preset…" }, ...items]);
  $("preset").dataset.family = app.family;
  syncPreset(app);
}

// Show the position's preset in the menu (none: "Choose a preset…").
function syncPreset(app) {
  const sel = $("preset");
  if (!app.presets.length) return;
  if (sel.dataset.family !== app.family) { fillPresets(app); return; }
  const match = app.presets.find((p) => p.code === app.desc?.code || p.position === app.desc?.code);
  sel.value = match ? match.code : "";
  // the whole label (a menu cuts long ones)
  $("preset-label").textContent = match ? match.label : "";
}

export function wirePosition(app) {
  $("code-form").addEventListener("submit", (e) => { e.preventDefault(); load(app, $("code").value.trim()); });
  $("edit-undo").addEventListener("click", () => undoEdit(app, true));
  $("edit-redo").addEventListener("click", () => undoEdit(app, false));
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest("input, select, textarea") || app.play?.active) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) { undoEdit(app, true); e.preventDefault(); }
    else if (key === "y" || (key === "z" && e.shiftKey)) { undoEdit(app, false); e.preventDefault(); }
  });
  $("preset").addEventListener("change", (e) => { if (e.target.value) load(app, e.target.value); });
  document.querySelectorAll(".families button").forEach((b) => b.addEventListener("click", () => {
    const first = app.presets.find((p) => p.family === b.dataset.family);
    if (first) load(app, first.code);
    else if (app.familyErrors[b.dataset.family]) showMessage(app.familyErrors[b.dataset.family]);
    else showMessage(`The ${b.getAttribute("aria-label")} family is not available in this build yet.`, "info");
  }));
  // the phone's family menu in the header: the same as the buttons
  $("family-pick").addEventListener("change", () => {
    document.querySelector(`.families button[data-family="${CSS.escape($("family-pick").value)}"]`)?.click();
  });
  $("metric").addEventListener("change", () => {
    // another counting rule is another puzzle (other lower bounds): describe it
    // again (its lower bounds differ, so the bound chosen goes back to Default)
    if (app.desc && $("metric").value !== app.desc.metric) {
      const metric = $("metric").value;
      const algo = chosenMethod(app)?.metrics.includes(metric) ? app.options.algo : undefined;
      load(app, linkFor(app.desc.code, { ...app.options, metric, algo, h: undefined }),
           { push: false, fromLink: false });
    }
  });
  window.addEventListener("hashchange", (e) => {
    const link = parseHash(e.newURL);
    if (link && (!app.desc || link !== linkFor(app.desc.code, app.options))) load(app, link, { push: false });
  });
}
