// Sharing what is on screen: "Copy link" (position with its goal, counting
// rule, method, lower bound and -- with a solution shown -- the solution
// itself (`path`, with its proven bound `lb`) and the step, put in the
// address bar too), "Copy solution" and "Download" (the solution as text).
// Wired by page.js; links.js writes the link.

import { $ } from "./dom.js";
import { linkFor, setHash } from "./links.js";
import { chosenOptions } from "./methods.js";

function copyText(text, what) {
  const done = () => { $("copy-out").textContent = `${what} copied.`; };
  const fallback = () => { $("copy-out").textContent = text; };
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

function shareLink(app) {
  const opts = { ...app.options, ...chosenOptions() };
  if (app.solution && !app.play?.active) {
    opts.step = String(app.step);
    if (app.solution.path) {
      // the answer itself, opened at once by the recipient (api.py replay
      // checks every move); what it proves travels with it
      opts.path = app.solution.path;
      opts.lb = String(app.solution.optimal ? app.solution.length : app.solution.lower_bound ?? 0);
    }
  }
  const code = app.play?.active ? app.play.code : app.desc.code;
  return linkFor(code, opts);
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
    const link = shareLink(app);
    setHash(link);
    copyText(new URL(`#${link}`, location.href).href, "Link");
  });
  $("copy-solution").addEventListener("click", () => copyText(solutionText(app), "Solution"));
  $("download-solution").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([solutionText(app)], { type: "text/plain" }));
    a.download = `puzzlelab-${app.solution.family}-${app.solution.length}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
}
