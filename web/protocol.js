// The page <-> worker protocol: every message type and its payload, in one
// place.  Imported by worker.mjs (the Pyodide side) and solver.js (the page
// side).  Only JSON crosses the boundary; requests carry an `id` that the
// replies echo.  API requests themselves are documented in pysrc/puzzlelab/api.py.

export const MSG = Object.freeze({
  // page -> worker
  REQUEST: "request",     // {type, id, request: {op, code, ...}, slice?}  an api.py request;
                          //   slice: seconds per slice (default SLICE_SECONDS; tests use a long one)
  CANCEL: "cancel",       // {type, id}                           stop request `id`
  INTERRUPT: "interrupt", // {type, buffer: Int32Array}           the shared interrupt cells (below);
                          //   sent first, only where the page is cross-origin isolated
  PING: "ping",           // {type}                               say a word (solver.js's watchdog)
  // worker -> page
  STATUS: "status",       // {type, step, detail?, seconds}       start-up steps, then "ready" with
                          //   detail {version, build, pyodide, boot: "snapshot"|"ordinary",
                          //   fallback?: why the snapshot was not used, interrupt: bool}
  PROGRESS: "progress",   // {type, id, data: {elapsed, expanded, bound|depth, ...}}
  RESULT: "result",       // {type, id, data: {ok: true, ...} | {ok: false, error: {type, message}}}
  CANCELLED: "cancelled", // {type, id, data?: last progress, stop: "interrupt"|"slice"|"queue"}
                          //   how it stopped: Python interrupted, between slices, never started
  FAILED: "failed",       // {type, id?, step?, message}          the worker itself failed
  PONG: "pong",           // {type}                               the answer to a PING, at once
                          //   (between slices of a running request)
});

// The interrupt cells (an Int32Array over a SharedArrayBuffer, page and
// worker share it when the page is cross-origin isolated):
// SIGNAL is Pyodide's interrupt buffer (pyodide.setInterruptBuffer): 2
// (SIGINT) raises KeyboardInterrupt in Python at its next check, and Pyodide
// sets it back to 0.  RUNNING is the id of the request the worker is running
// (0 when idle); the page swaps it to -id (Atomics.compareExchange) to ask
// for that request's interrupt, so a signal can never hit the next request.
//
// The page also uses SIGNAL as a heartbeat of Python itself (solver.js's
// watchdog): it stores PROBE there (only over a 0: never over a SIGINT),
// and Python's loop, which reads and clears the cell every few thousand
// steps, takes it and ignores it (no handler for that signal); a PROBE
// gone is Python at work, however long it runs without a message.
export const INTERRUPT = Object.freeze({ SIGNAL: 0, RUNNING: 1, LENGTH: 2, SIGINT: 2, PROBE: 10 });

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
