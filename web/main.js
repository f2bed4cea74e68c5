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
import { loadLocal, parseHash } from "./links.js";
import { draw } from "./view.js";

async function main() {
  const app = createState();
  app.board = new Board($("board"));
  const saved = loadLocal();
  const link = parseHash();
  if (saved?.desc && (!link || link === saved.link)) {
    await loadFamilies(app, [saved.desc.family]);
    if (app.families[saved.desc.family]) {
      app.desc = saved.desc;
      app.family = saved.desc.family;
      draw(app);
    }
  }
  app.solver = new Solver(solverStatus(app));
  const { start } = await import("./page.js");
  await start(app, { saved, link });
}

main().catch((err) => {
  setState("error");
  $("status").textContent = `The page failed to start: ${err.message}`;
});
