// The page's state: one object, every field declared and documented here,
// made once by main.js and passed to the modules that read or change it
// (position.js, solve.js, playback.js, view.js, input.js, the family
// editors ...).  Sealed, so a field added anywhere else is an error.  Beside
// it: family.js (what a family module receives), links.js (what is saved).

/**
 * @typedef {Object} AppState
 * @property {import("./solver.js").Solver|null} solver  the worker's handle (main.js)
 * @property {Array|null} solvers  every worker a split search uses, the first
 *   being `solver` (requests.js startSplit makes the others on the first one)
 * @property {import("./parallel.js").ParallelSearch|null} split  the last split search
 * @property {import("./board.js").Board|null} board  the canvas (main.js)
 * @property {string|null} goalShown  the code whose goal the goal picture shows (view.js)
 * @property {{difficulty: string, moves: number}} newGame  the "New puzzle" choice (newgame.js)
 * @property {import("./play.js").Play|null} play  play mode (page.js)
 * @property {import("./lab.js").Lab|null} lab  the algorithm lab (page.js)
 * @property {Object<string, import("./family.js").Family>} families  loaded family modules, by name
 * @property {Object<string, string>} familyErrors  why a family's modules failed to load, by name
 * @property {Array<{family: string, code: string, label: string}>} presets  of the families shown
 * @property {Object|null} desc  api.py's describe (or edit) reply of the position being edited
 * @property {string} family  the family of the buttons and the preset menu
 * @property {string|null} mounted  the family whose editor is mounted beside the board
 *   (null until a position is described, and for a family that failed to load)
 * @property {{metric?: string, algo?: string, h?: string}} options  link options of the position
 * @property {{undo: string[], redo: string[]}} edits  the editor's undo and redo: links
 *   of the positions before (after) each edit; emptied when another position is opened
 * @property {number} loading  describe requests in flight: Solve waits until none is
 * @property {number} loadTicket  the latest load()'s number: an older load's reply is dropped
 * @property {number} menuEdits  changes the user made to the solve menus (methods.js); a load
 *   that sees one during its describe keeps the user's choice (position.js)
 * @property {Promise|boolean|null} solveReq  the long request running (true until the worker has it)
 * @property {number|null} cancelAt  performance.now() of the last Cancel (for data-cancel-ms)
 * @property {Object|null} solution  api.py's solve reply shown in playback
 * @property {number|null} pendingStep  step to show once solved (a link made during playback)
 * @property {number} step  playback: the position shown, 0 = the start
 * @property {number|null} playing  playback: the timer of auto-play
 * @property {{from: Object, t0: number, move: Object|null}|null} anim  playback: the slide drawn
 * @property {boolean} firstBoard  the "first-board" performance mark is set
 * @property {boolean} solverReady  the "solver-ready" performance mark is set
 */

/** @returns {AppState} */
export function createState() {
  return Object.seal({
    solver: null,
    solvers: null,
    split: null,
    board: null,
    goalShown: null,
    newGame: { difficulty: "easy", moves: 20 },
    play: null,
    lab: null,
    families: {},
    familyErrors: {},
    presets: [],
    desc: null,
    family: "tiles",
    mounted: null,
    options: {},
    edits: { undo: [], redo: [] },
    loading: 0,
    loadTicket: 0,
    menuEdits: 0,
    solveReq: null,
    cancelAt: null,
    solution: null,
    pendingStep: null,
    step: 0,
    playing: null,
    anim: null,
    firstBoard: false,
    solverReady: false,
  });
}

// The position playback shows (the start until a solution is shown); what
// an editor's edits start from.
export function playbackView(app) {
  return app.solution ? app.solution.positions[app.step] : app.desc?.view;
}

export function playbackCode(app) {
  return app.solution ? app.solution.codes[app.step] : app.desc?.code;
}

// The position on the board: in play mode the game's, else playback's.
export function shownView(app) {
  if (app.play?.active && app.play.view) return app.play.view;
  return playbackView(app);
}

export function shownCode(app) {
  if (app.play?.active) return app.play.code;
  return playbackCode(app);
}
