// What the page says about itself: <body data-state> (loading, ready,
// solving, solved, error -- the tests and the CSS read it), the message box,
// and the status line of the solver's start-up (main.js hands solverStatus
// to the Solver).  Used by every part of the page.

import { $ } from "./dom.js";
import { STEP_LABELS } from "./protocol.js";
import { setBusy } from "./requests.js";

export function setState(state) {
  document.body.dataset.state = state;
}

export function pageState() {
  return document.body.dataset.state;
}

// `kind` "info" for a note, else an error.  Never markup: codes come from links.
export function showMessage(text, kind = "error") {
  const box = $("message");
  box.textContent = text || "";
  box.className = `message ${kind === "info" ? "info" : ""}`;
  box.hidden = !text;
}

// Run `action` (async) and keep the message box as it was before it.
export async function keepingMessage(action) {
  const msg = $("message").textContent;
  const kept = !$("message").hidden;
  const out = await action();
  if (kept) showMessage(msg);
  return out;
}

// The Solver's callbacks: start-up steps on the status line, the
// "solver-ready" performance mark, restarts counted (data-restarts) and said.
export function solverStatus(app) {
  return {
    onStatus(msg) {
      $("status").classList.toggle("failed", msg.step === "failed");
      if (msg.step === "failed") {
        $("status").textContent = msg.message;
        setState("error");
        return;
      }
      $("status").textContent = msg.step === "ready" ? `Solver ready (${msg.seconds.toFixed(1)} s)` : STEP_LABELS[msg.step];
      if (msg.step === "ready") {
        if (!app.solverReady) { app.solverReady = true; performance.mark("solver-ready"); }
        setBusy(app, !!app.solveReq);
        if (pageState() === "loading" && app.desc && !app.loading) setState("ready");
      }
    },
    onSilence(ms) {
      // busy or stuck: every step reports at least every half second, so
      // this long a silence is worth saying; Cancel restarts the solver
      document.body.dataset.silent = String(ms);
      $("status").textContent = `The solver has not reported for ${Math.round(ms / 1000)} s…`;
    },
    onRestart(reason) {
      // counted for the tests: a restart should be the exception
      document.body.dataset.restarts = String(Number(document.body.dataset.restarts || 0) + 1);
      showMessage(reason, "info");
      $("status").textContent = "Restarting the solver…";
    },
  };
}
