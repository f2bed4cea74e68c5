// The solve menus (method, lower bound, counting rule, "count all") follow
// the method contract -- describe's `methods` and `bounds`, written once in
// Python: what the chosen method cannot take is disabled and the line under
// the menus says why, so they cannot form a refused request.  position.js
// fills them per position; solve.js and share.js read the choice.

import { $, fillSelect } from "./dom.js";
import { unsolvable } from "./requests.js";

// How each counting rule reads in the menu, when describe does not say
// (its `metric_labels` / `metric_help`, the family's words, come first).
const METRIC_LABELS = {
  tile: "one tile per move", multi: "a row of tiles per move (multi-tile)",
  step: "every unit step", move: "a run by one piece is one move", jump: "every jump",
};
const METRIC_HELP = {
  tile: "Each tile slid one cell is one move: the usual count for the 8- and 15-puzzle.",
  multi: "Sliding a whole row of tiles toward the blank at once is one move: shorter solutions, as a hand plays.",
  step: "Every unit step of a block is one move.",
  move: "A run of steps by one piece is one move.",
  jump: "Every jump is one move; the number of jumps is fixed by the pegs removed.",
};

export function metricLabel(d, m) {
  return d.metric_labels?.[m] || METRIC_LABELS[m] || m;
}

function metricHelp(d, m) {
  return d.metric_help?.[m] || METRIC_HELP[m] || "";
}

export const DEFAULT_BUDGET_MB = 1024;
export const MAX_WORKERS = 8;

// The cores this device offers a split search (navigator.hardwareConcurrency,
// at most MAX_WORKERS).
export function deviceCores() {
  return Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
}

// The workers the menu chooses for this search (1 when the method runs in one piece).
export function chosenWorkers() {
  return $("cores").disabled ? 1 : Number($("cores").value) || 1;
}

function fillCores() {
  const n = deviceCores();
  if ($("cores").options.length !== n) {
    fillSelect($("cores"), Array.from({ length: n }, (_, i) => ({
      value: String(i + 1), label: i === 0 ? "1 (one piece)" : `${i + 1} (split search)` })), String(n));
  }
}

// The memory budget chosen, in MB.
export function budgetMb() {
  return Number($("budget").value) || DEFAULT_BUDGET_MB;
}

// Fill the menus for app.desc.  `fromLink`: a link was opened, and it alone
// decides the method, the lower bound, "count" and the budget (what it does
// not say is the default), so a link means the same in any tab; otherwise
// (an edit, a new counting rule) the choices on screen stay where they can.
export function fillSolveOptions(app, { fromLink = false } = {}) {
  const d = app.desc;
  const methods = d.methods;
  const algos = methods.map((m) => ({ value: m.name, label: m.label + (m.available ? "" : ` — ${m.why}`), disabled: !m.available }));
  const wanted = app.options.algo || (fromLink ? "auto" : $("algorithm").value) || "auto";
  if (fromLink) {
    $("count").checked = app.options.count === "1";
    const mem = String(app.options.mem || DEFAULT_BUDGET_MB);
    if (![...$("budget").options].some((o) => o.value === mem)) {
      $("budget").append(new Option(`${Number(mem).toLocaleString("en")} MB`, mem));
    }
    $("budget").value = mem;
    const factor = app.options.factor || "1";
    if (![...$("factor").options].some((o) => o.value === factor)) {
      $("factor").append(new Option(`up to ${factor} × optimal`, factor));
    }
    $("factor").value = factor;
  }
  fillSelect($("algorithm"), algos, methods.some((m) => m.name === wanted && m.available) ? wanted : "auto");
  const metrics = d.metrics || [];
  fillSelect($("metric"), metrics.map((m) => ({ value: m, label: metricLabel(d, m) })), d.metric);
  $("metric-field").hidden = metrics.length < 2;
  $("metric-help").textContent = metrics.length < 2 ? "" : metricHelp(d, d.metric);
  $("metric-help").hidden = metrics.length < 2;
  followMethod(app, app.options.h || (fromLink ? "" : $("heuristic").value));
  $("solve").disabled = !app.solver.ready || !!unsolvable(app);
  $("solve").title = unsolvable(app) ? `Cannot be solved: ${unsolvable(app)}` : "";
}

export function chosenMethod(app) {
  const methods = app.desc?.methods || [];
  return methods.find((m) => m.name === $("algorithm").value) || methods[0];
}

// The link options the menus choose: method, lower bound, "count", the
// budget (when not the default), and the counting rule when there is a choice.
export function chosenOptions() {
  const algo = $("algorithm").value;
  const opts = { algo: algo === "auto" ? undefined : algo, h: $("heuristic").value || undefined,
    count: $("count").checked && !$("count").disabled ? "1" : undefined,
    factor: $("factor").value !== "1" && !$("factor").disabled ? $("factor").value : undefined,
    mem: budgetMb() === DEFAULT_BUDGET_MB ? undefined : String(budgetMb()) };
  if (!$("metric-field").hidden) opts.metric = $("metric").value;
  return opts;
}

// Enable what the chosen method can take; keep the lower bound `keep` when it can.
export function followMethod(app, keep = $("heuristic").value) {
  const m = chosenMethod(app);
  if (!m) return;
  const bounds = app.desc.bounds || [];
  const label = (name) => bounds.find((b) => b.name === name)?.label || name;
  const items = [{ value: "", label: m.default_bound ? `Default: ${label(m.default_bound)}` : "Default" },
    ...bounds.map((b) => ({ value: b.name, label: b.label, disabled: !m.bounds.includes(b.name) }))];
  fillSelect($("heuristic"), items, m.bounds.includes(keep) ? keep : "");
  $("heuristic").disabled = m.bounds.length === 0;
  const counting = app.desc.methods.filter((x) => x.count && x.available && x.name !== "auto").map((x) => x.label);
  $("count").disabled = !m.count;
  if (!m.count) $("count").checked = false;
  // a factor is for methods that can trade optimality for speed, and not while counting
  const takers = app.desc.methods.filter((x) => x.factor && x.available).map((x) => x.label);
  $("factor").disabled = !m.factor || $("count").checked;
  if ($("factor").disabled) $("factor").value = "1";
  $("factor-field").title = !m.factor ? `${m.label} is optimal or has its own speed; ${takers.length ? `${takers.join(" and ")} can accept a longer solution for speed` : "no method here trades optimality for speed"}.`
    : $("count").checked ? "Counting optimal solutions needs an optimal search." : $("factor").title;
  fillCores();
  const splitters = app.desc.methods.filter((x) => x.parts && x.available && x.name !== "auto").map((x) => x.label);
  $("cores").disabled = !m.parts || deviceCores() < 2 || $("count").checked || $("factor").value !== "1";
  $("cores-field").title = deviceCores() < 2 ? "This device offers one core: every search runs on one worker."
    : !m.parts ? `${m.label} runs on one worker${m.name === "auto" && m.resolves && splitters.length ? " (its first answer comes at once from the fast solver)" : ""}${splitters.length ? `; ${splitters.join(" and ")} can split its search over several` : ""}.`
      : $("count").checked ? "Counting optimal solutions runs on one worker."
        : $("factor").value !== "1" ? "A search with a factor runs on one worker."
          : "The search is split over this many workers, one per core, sharing one bound.";
  for (const option of $("metric").options) option.disabled = !m.metrics.includes(option.value);
  const notes = [m.help];
  if (!m.bounds.length && bounds.length) notes.push(`${m.label} uses no lower bound; IDA* and A* do.`);
  if (!m.count) notes.push(`${m.label} cannot count optimal solutions${counting.length ? `; ${counting.join(" and ")} can` : ""}.`);
  if (!m.optimal) notes.push("Its answers are not proven optimal.");
  if (m.factor && $("factor").value !== "1") notes.push(`With a factor it answers faster, at most ${$("factor").value} × the optimum, and shows the proven lower bound.`);
  $("method-help").textContent = notes.join(" ");
  $("heuristic").title = $("heuristic").disabled ? `${m.label} uses no lower bound.` : (bounds.find((b) => b.name === $("heuristic").value)?.help || "");
  const chosen = bounds.find((b) => b.name === ($("heuristic").value || m.default_bound));
  $("bound-help").textContent = $("heuristic").disabled ? `${m.label} uses no lower bound.` : chosen ? `${chosen.label}: ${chosen.help}` : "";
  $("count").parentElement.title = $("count").disabled ? `${m.label} cannot count optimal solutions.` : "";
}

export function wireMethods(app) {
  for (const id of ["algorithm", "heuristic", "count", "factor", "budget", "cores"]) {
    $(id).addEventListener("change", () => { app.menuEdits += 1; followMethod(app); });
  }
}
