// The family interface, written down (as protocol.js is for the worker):
// what render/<family>.js, edit/<family>.js and play/<family>.js export and
// receive, the loader (main.js and page.js load build.json's web_families),
// the move-listing hook.  Users: view.js, input.js, position.js, movelist.js.
// A family's modules know no rule: they draw api.py's views, send intents.

/**
 * A grid cell under the pointer (board.js cellAt): row and column, and the
 * fractional grid coordinates x (columns) and y (rows).
 * @typedef {{r: number, c: number, x: number, y: number}} Cell
 */

/**
 * The board grid a view needs: columns, rows, and the height of a row in
 * cells (< 1 on the triangular lattice).
 * @typedef {{cols: number, rows: number, aspect: number}} Grid
 */

/**
 * What the renderer is given besides the view.  Always: `desc` (the describe
 * reply of the position) and `goal` (desc.goal).  During a playback slide:
 * `from` (the view before), `t` (0..1) and `move` (api.py's move_data, or
 * null for a jump back).  Then the editor's drawOptions() (edit mode) or the
 * play input's playOptions() (play mode): family-specific overlays, listed
 * in each renderer's draw().
 * @typedef {Object} DrawOptions
 */

/**
 * web/render/<family>.js: draws a `view` from api.py on the board.
 * @typedef {Object} Renderer
 * @property {(view: Object, desc: Object) => Grid} grid  the grid to size the board for
 * @property {(board: import("./board.js").Board, view: Object, opts: DrawOptions) => void} draw
 *   draws the view (and a slide from opts.from at opts.t)
 * @property {(move: Object|null) => number} [animMs]  how long a slide of this move
 *   takes (ms; default ANIM_MS in view.js)
 * @property {(text: string, data: Object, index: number) => MoveLabel} [listMove]
 *   how a move is listed (see listMove below)
 * @property {(view: Object, desc: Object) => string} [text]  the view in words,
 *   for screen readers (the board's description)
 * @property {(desc: Object) => Object|null} [goalView]  a view of the goal for the
 *   goal picture over the board, drawn with `thumb: true`
 * @property {(desc: Object) => Object[]} [goalViews]  the goal's alternatives, each a
 *   view (shown side by side); when absent, goalView's one
 * @property {(board: import("./board.js").Board, view: Object, move: Object) => void} [hint]
 *   draws play mode's hinted move (api.py move_data) over the view
 */

/**
 * How a move is listed: the button's text, and its tooltip (when absent, the
 * list's own: "Move 3" in a solution, nothing among legal moves).
 * @typedef {{text: string, title?: string}} MoveLabel
 */

/**
 * What an editor may ask of the page (position.js makes it).
 * @typedef {Object} EditorApi
 * @property {(action: string, args?: Object, code?: string) => Promise<Object|null>} edit
 *   an api.py `edit` action on `code` (default: the position being edited);
 *   the reply becomes the position (and remounts the editor), null if refused
 * @property {() => void} redraw  draw the board again (after an overlay changed)
 * @property {(text: string, kind?: "error"|"info") => void} message  the message box
 */

/**
 * web/edit/<family>.js: the controls beside the board, and what the board's
 * pointer and keys do while editing.  The input handlers are called by
 * input.js for the family shown, in edit mode and not while solving; `cell`
 * is board.cellAt's (null off the grid).  The module keeps its own UI state
 * (tool, cursor, drag); the page's state is `app` (state.js), read only.
 * @typedef {Object} Editor
 * @property {(root: HTMLElement, app: import("./state.js").AppState, api: EditorApi) => void} mount
 *   builds the controls into `root` (again after every change of the position)
 * @property {(app: Object) => Object|null} [view]  a view to draw instead of the
 *   position (tiles: the goal being edited; pegs: the board with a margin)
 * @property {(app: Object) => DrawOptions} [drawOptions]  overlays: cursor, drag preview ...
 * @property {(e: PointerEvent, cell: Cell|null) => void} [pointerDown]
 * @property {(e: PointerEvent, cell: Cell|null) => void} [pointerMove]
 * @property {(e: PointerEvent, cell: Cell|null) => void} [pointerUp]
 * @property {(e: PointerEvent) => void} [pointerCancel]  also in play mode and while solving
 * @property {(e: PointerEvent) => void} [pointerLeave]   also in play mode and while solving
 * @property {(e: KeyboardEvent) => void} [keyDown]  Enter and Space that act should
 *   stopPropagation (Space would toggle playback)
 * @property {() => void} [blur]  the board lost focus (in any mode): drop a drag
 */

/**
 * The game play mode runs (play.js's Play): the legal moves api.py lists
 * ({move, code, move_data, winnable?}), the view of the position, the
 * history of codes and where in it the game is, the move_data last played.
 * @typedef {{moves: Object[], view: Object|null, history: string[], index: number,
 *   lastMove: Object|null}} Game
 */

/**
 * What a play input may ask of the page (page.js makes it): draw again, the
 * message box, and play legal move number i now (a drag that goes on after
 * a move of its own: peg solitaire's jumps in the "jump" count).
 * @typedef {{redraw: () => void, message: (text: string, kind?: string) => void,
 *   apply: (i: number) => Promise<void>}} PlayApi
 */

/**
 * web/play/<family>.js: play mode's board input.  A gesture is matched
 * against the legal moves; the answer is the index of the move to play, -1
 * when the gesture was taken but plays nothing yet (a piece chosen), or null
 * when it was not the play input's (a key it does not use).  A drag
 * (input.js: the pointer moved) goes to dragStart / dragMove / dragEnd:
 * `at` is board.gridAt's (row and column, possibly off the board, and the
 * fractional grid coordinates); dragEnd answers the moves to play, each a
 * function that finds its index among the legal moves of the position then
 * (so several can be played in a row).
 * @typedef {Object} PlayInput
 * @property {(cell: Cell, game: Game, api: PlayApi) => number|null} pickMove  a tap
 * @property {(key: string, game: Game, api: PlayApi) => number|null} [pickKey]  a key
 * @property {(cell: Cell, game: Game, api: PlayApi) => boolean} [dragStart]  a
 *   pointer down: true when a drag can start there (a piece with a legal move)
 * @property {(at: Cell, game: Game, api: PlayApi) => void} [dragMove]  the piece follows
 * @property {(at: Cell, game: Game, api: PlayApi) => Array<(game: Game) => number>} [dragEnd]
 *   let go: the moves to play, in order (none: the piece goes back)
 * @property {(game: Game) => void} [dragCancel]  the drag is dropped (a tap, a cancel)
 * @property {(game: Game) => DrawOptions} [playOptions]  overlays: the chosen piece,
 *   where it can go, the move just played
 * @property {boolean} [judge]  the family answers "never lose" fast enough to offer it
 */

/**
 * A loaded family.
 * @typedef {{name: string, label: string, render: Renderer, edit: Editor, play: PlayInput}} Family
 */

// How the page names each family in a sentence.
const LABELS = { tiles: "sliding tiles", blocks: "sliding blocks", pegs: "peg solitaire" };

// The exports each module must have (the rest are optional, above).
const REQUIRED = { render: ["grid", "draw"], edit: ["mount"], play: ["pickMove"] };

export function familyLabel(name) {
  return LABELS[name] || name;
}

/**
 * Import a family's three modules.  Throws an Error that names the family
 * and the file when one fails to load or lacks a required export; never
 * resolves to a family with a part missing.
 * @param {string} name
 * @returns {Promise<Family>}
 */
export async function loadFamily(name) {
  const family = { name, label: familyLabel(name) };
  const parts = Object.keys(REQUIRED);
  // Side by side.  The editor and play input may import the renderer, so a
  // broken renderer fails them too: the first failure in this order is the
  // file to name.
  const results = await Promise.allSettled(parts.map((part) => import(`./${part}/${name}.js`)));
  parts.forEach((part, i) => {
    const failed = (why) => new Error(`The ${family.label} part of the page failed to load (${part}/${name}.js: ${why})`);
    const { status, value: module, reason } = results[i];
    if (status === "rejected") throw failed(reason?.message || String(reason));
    const missing = REQUIRED[part].filter((n) => typeof module[n] !== "function");
    if (missing.length) throw failed(`no ${missing.join(", ")} export`);
    family[part] = module;
  });
  return family;
}

/**
 * Load families side by side into app.families; one that fails is recorded
 * in app.familyErrors (the page says it; the other families still work).
 * @param {import("./state.js").AppState} app
 * @param {string[]} names
 */
export async function loadFamilies(app, names) {
  await Promise.all(names.map(async (name) => {
    try {
      app.families[name] = await loadFamily(name);
      delete app.familyErrors[name];
    } catch (err) {
      app.familyErrors[name] = err.message;
    }
  }));
}

/**
 * The move-listing hook: how move number `index` (0-based) of a list is
 * shown -- its text from api.py, its move_data -- for the solution list
 * (solve.js) and the legal moves of play mode (play.js) alike.  The
 * family's renderer may say (listMove); by default, the text as it is.
 * @param {Family|undefined} family
 * @returns {MoveLabel}
 */
export function listMove(family, text, data, index) {
  return family?.render.listMove?.(text, data, index) ?? { text };
}
