// Puzzle Lab's entry point (index.html loads it).  Makes the one state
// (state.js) and the canvas, draws the last position from local storage at
// once (with that family's modules only, before the rest of the page),
// starts the solver worker, then loads page.js, which wires the page's parts
// and opens the first position.

import { Solver } from "./solver.js";
import { Board } from "./board.js";
import { $ } from "./dom.js";
import { createState } from "./state.js";
import { loadFamilies } from "./family.js";
import { setState, solverStatus } from "./status.js";
import { forgetLocal, loadLocal, parseHash } from "./links.js";
import { draw } from "./view.js";
import { loadStartAnswers } from "./requests.js";

async function main() {
  const app = createState();
  app.board = new Board($("board"));
  let saved = loadLocal();           // checked there: only what saveLocal wrote
  const link = parseHash();
  if (saved && (!link || link === saved.link)) {
    await loadFamilies(app, [saved.desc.family]);
    if (app.families[saved.desc.family]) {
      try {
        app.desc = saved.desc;
        app.family = saved.desc.family;
        draw(app);
      } catch (_) {
        // a saved view the renderer cannot draw: forget it (the first
        // position the page loads replaces it)
        app.desc = null;
        app.family = "tiles";
        saved = null;
        forgetLocal();
      }
    }
  }
  app.solver = new Solver(solverStatus(app));
  const answers = loadStartAnswers();
  const { start } = await import("./page.js");
  await answers;
  await start(app, { saved, link });
}

main().catch((err) => {
  setState("error");
  $("status").textContent = `The page failed to start: ${err.message}`;
});
