// The page <-> worker protocol: every message type and its payload, in one
// place.  Imported by worker.mjs (the Pyodide side) and solver.js (the page
// side).  Only JSON crosses the boundary; requests carry an `id` that the
// replies echo.  API requests themselves are documented in pysrc/puzzlelab/api.py.

export const MSG = Object.freeze({
  // page -> worker
  REQUEST: "request",     // {type, id, request: {op, code, ...}}  an api.py request
  CANCEL: "cancel",       // {type, id}                           stop request `id`
  // worker -> page
  STATUS: "status",       // {type, step, detail?, seconds}       start-up steps, then "ready"
  PROGRESS: "progress",   // {type, id, data: {elapsed, expanded, bound|depth, ...}}
  RESULT: "result",       // {type, id, data: {ok: true, ...} | {ok: false, error: {type, message}}}
  CANCELLED: "cancelled", // {type, id, data?: last progress}
  FAILED: "failed",       // {type, id?, step?, message}          the worker itself failed
});

// Start-up steps, in order, as reported by STATUS messages.
export const STEPS = Object.freeze(["runtime", "micropip", "puzzlelab", "ready"]);

export const STEP_LABELS = Object.freeze({
  runtime: "Loading the Python runtime…",
  micropip: "Loading the package installer…",
  puzzlelab: "Installing the solver…",
  ready: "Solver ready",
});

// How long a slice of Python work runs before the worker yields to its
// event loop (so a CANCEL can land), in seconds.
export const SLICE_SECONDS = 0.05;
