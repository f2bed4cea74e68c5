// The phone layout's moving parts (style.css does the rest, below 700 px:
// board.js's PHONE): the bar fixed at the bottom of the screen, whose height
// the page leaves free under its last panel (--bar-h); the editor and the
// method menus as sheets over the lower half (the bar's Edit and Method
// buttons, <body data-sheet>), the board brought to the top and sized to
// stay in view above them; the goal shown over the board on demand.
// Wired by page.js.

import { $ } from "./dom.js";
import { PHONE } from "./board.js";
import { draw, showGoalOver } from "./view.js";

const SHEETS = { setup: "sheet-setup", solve: "sheet-solve" };

// The bar's height, for the room the page leaves under it (phones only).
function measureBar() {
  const h = PHONE.matches ? $("bar").getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--bar-h", `${Math.ceil(h)}px`);
}

/** Open sheet `name` ("setup" or "solve"), or close the one open (null). */
export function openSheet(app, name) {
  const was = document.body.dataset.sheet || null;
  const open = PHONE.matches ? name : null;
  if (open) document.body.dataset.sheet = open;
  else delete document.body.dataset.sheet;
  for (const [sheet, id] of Object.entries(SHEETS)) $(id).setAttribute("aria-expanded", String(sheet === open));
  if (was === open) return;
  app.board.resize();
  draw(app);
  if (open) {
    // the board at the top, in view above the sheet
    const top = $("board-wrap").getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, top - 4), behavior: "instant" });
  }
}

export function wireLayout(app) {
  measureBar();
  new ResizeObserver(measureBar).observe($("bar"));
  PHONE.addEventListener("change", () => { measureBar(); openSheet(app, null); app.goalShown = null; draw(app); });
  for (const b of document.querySelectorAll("[data-sheet]")) {
    b.addEventListener("click", () => {
      const name = b.dataset.sheet;
      openSheet(app, b.classList.contains("sheet-close") || document.body.dataset.sheet === name ? null : name);
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && document.body.dataset.sheet) { openSheet(app, null); e.preventDefault(); }
  });
  $("goal-zoom").addEventListener("click", () => showGoalOver(app, $("goal-big").hidden));
  $("goal-big").addEventListener("click", () => showGoalOver(app, false));
}
