// The page's parts wired together: play mode, the lab, the board's input
// router (input.js) and each panel's module (position, methods, solve,
// playback, share, analysis); then the build's families and the first
// position.  Loaded by main.js once the saved position is drawn and the
// solver started; the state is state.js's, made there.

import { Play } from "./play.js";
import { Lab } from "./lab.js";
import { $ } from "./dom.js";
import { shownCode } from "./state.js";
import { loadFamilies } from "./family.js";
import { routeInput } from "./input.js";
import { setState, pageState, showMessage } from "./status.js";
import { linkFor, setHash } from "./links.js";
import { request } from "./requests.js";
import { load, loadQuiet, fillPresets, wirePosition, openReply } from "./position.js";
import { wireMethods } from "./methods.js";
import { wireSolve } from "./solve.js";
import { stopPlay, updatePlayback, wirePlayback } from "./playback.js";
import { keepInAddress, wireShare } from "./share.js";
import { wireAnalysis } from "./analysis.js";
import { wireCounts } from "./counts.js";
import { draw } from "./view.js";
import { registerServiceWorker } from "./offline.js";
import { wireLayout } from "./layout.js";
import { wireNewGame } from "./newgame.js";

const DEFAULT_CODE = "tiles:3x3:867254301";
const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");

async function siteInfo() {
  try {
    const response = await fetch(new URL("../build.json", import.meta.url));
    return await response.json();
  } catch (_) {
    return {};
  }
}

function wire(app) {
  const redraw = () => draw(app);
  routeInput(app, $("board"), { redraw, playApi: { redraw, message: showMessage, apply: (i) => app.play.apply(i) } });
  wirePosition(app);
  wireMethods(app);
  wireSolve(app);
  wirePlayback(app);
  wireShare(app);
  wireAnalysis(app);
  wireCounts(app);
  wireLayout(app);
  wireNewGame(app, openReply);
  // the skip link focuses Solve (a plain #solve would become the address)
  $("skip").addEventListener("click", (e) => { e.preventDefault(); $("solve").focus(); });
  $("play-start").addEventListener("click", async () => {
    // a position still being described: the game is on it, once it is here
    while (app.loading) await new Promise((ok) => setTimeout(ok, 25));
    if (!app.desc || app.play.active) return;
    stopPlay(app);
    app.play.enter(shownCode(app), app.families[app.desc.family]);
  });
  $("play-done").addEventListener("click", () => app.play.exit());
  window.addEventListener("resize", () => { app.board.resize(); redraw(); });
}

const TIP_KEY = "puzzlelab:tip-seen";

// The first-visit tip, until it is dismissed.
function firstVisitTip() {
  let seen = true;
  try { seen = localStorage.getItem(TIP_KEY) === "1"; } catch (_) { /* storage disabled */ }
  $("tip").hidden = seen;
  $("tip-close").addEventListener("click", () => {
    $("tip").hidden = true;
    try { localStorage.setItem(TIP_KEY, "1"); } catch (_) { /* storage disabled */ }
  });
}

/**
 * Start the page.  `saved`: local storage's {link, desc} (or null); `link`:
 * the address bar's (or null).
 * @param {import("./state.js").AppState} app
 */
export async function start(app, { saved, link }) {
  registerServiceWorker(app.solver.whenReady(), () => keepInAddress(app));
  firstVisitTip();
  wire(app);
  updatePlayback(app);
  app.play = new Play({
    request: (req, onProgress) => request(app, req, onProgress),
    cancel: (id) => app.solver.cancel(id),
    linkFor: (code) => linkFor(code, { metric: app.options.metric }),
    redraw: () => { updatePlayback(app); draw(app); },
    message: showMessage,
    onExit: () => { updatePlayback(app); draw(app); },
    // a move tapped or keyed slides there (unless the visitor prefers less motion)
    onSlide: (from, move) => {
      if (from && !REDUCED_MOTION.matches) app.anim = { from, t0: performance.now(), move };
    },
  });
  app.lab = new Lab(app);
  const built = (await siteInfo()).web_families || ["tiles"];
  await loadFamilies(app, built.filter((name) => !app.families[name]));
  for (const name of Object.keys(app.familyErrors)) {
    if (!built.includes(name)) delete app.familyErrors[name];   // a stale saved position's
  }
  const presets = await request(app, { op: "presets" });
  app.presets = (presets.ok ? presets.presets : []).filter((p) => app.families[p.family]);
  let ok = false;
  if (link) ok = await load(app, link, { push: false });
  if (!ok && saved?.link) {
    const bad = link;
    ok = await loadQuiet(app, saved.link);
    if (bad) setHash(linkFor(app.desc.code, app.options));
  }
  if (!ok) ok = await loadQuiet(app, DEFAULT_CODE);
  fillPresets(app);
  // "ready" means the solver too (a first visit shows the board and menus
  // from start.json before it is; status.js says "ready" when it is)
  if (pageState() === "loading" && app.solver.ready) setState("ready");
  // a family that failed to load is an error, not a missing family
  const said = $("message").hidden ? "" : $("message").textContent;
  const failed = Object.values(app.familyErrors).filter((text) => !said.includes(text));
  if (failed.length) showMessage([said, ...failed].filter(Boolean).join("\n"));
}
