// Play mode: the visitor makes the moves, from api.py's list of legal moves
// (`moves`), so this file knows no rule; the family's play input
// (play/<family>.js, via input.js) picks one from a gesture.  Undo/redo, a
// counter, "how far?", "hint" (shown on the board too) and, where the family
// offers it, "never lose" (the moves at once, their marks as the worker finds
// them, then the positions one move further judged while the visitor
// looks: api.py's `ahead`).  Hint and how far? ask auto's anytime solve of
// the game's position (a stored table answers at once, the quick searches
// within a second): Hint names a move as soon as there is one -- the first
// move of the best solution found, or a move "never lose" marked winnable --
// and says what it is, until the optimal next move is proven; how far? says
// "between L and U" until the distance is proven.  Thinking is bounded
// (THINK_MS) and can be stopped; a move played meanwhile stops it at once
// (the worker does one thing at a time: a move must never wait behind a
// hint, nor behind judging ahead).
// Created by page.js; the move list is movelist.js's, as the solution's is.

import { $ } from "./dom.js";
import { fillMoveList } from "./movelist.js";

const THINK_MS = 15000;       // "How far?" and "Hint" give up after this long
const GAME_SENT = 200;        // earlier positions sent with judged moves (api.py's game)

export class Play {
  constructor({ request, cancel, linkFor, redraw, message, onExit, onSlide }) {
    this.request = request;
    this.cancelRequest = cancel;
    this.thinking = null;     // the request of a hint or a distance, while it runs
    this.linkFor = linkFor;
    this.redraw = redraw;
    this.message = message;
    this.onExit = onExit;
    this.onSlide = onSlide;   // (view before, move_data): a move to show sliding
    this.slide = null;        // the move applied with a slide, until the next view is drawn
    this.active = false;
    this.history = [];
    this.index = 0;
    this.moves = [];
    this.view = null;
    this.hint = null;
    this.busy = false;
    this.family = null;     // family.js Family of the game
    this.lastMove = null;   // move_data of the move played last
    $("play-undo").addEventListener("click", () => this.go(this.index - 1));
    $("play-redo").addEventListener("click", () => this.go(this.index + 1));
    $("play-far").addEventListener("click", () => this.howFar());
    $("play-hint").addEventListener("click", () => this.showHint());
    $("play-apply-hint").addEventListener("click", () => { if (this.hint !== null) this.apply(this.hint); });
    $("play-stop").addEventListener("click", () => this.stopThinking("button"));
    $("play-judge").addEventListener("change", () => this.refresh());
    $("play-exit").addEventListener("click", () => this.exit());
  }

  get code() {
    return this.history[this.index];
  }

  // Start a game at `code` of `family` (family.js Family).
  async enter(code, family) {
    this.active = true;
    this.history = [code];
    this.index = 0;
    this.family = family;
    $("play-panel").hidden = false;
    $("play-judge-label").hidden = !family?.play.judge;
    $("play-judge").checked = false;
    $("play-moves").replaceChildren();   // not the last game's moves while this one's load
    // nothing to drag until the moves come (a drag before is not a move):
    // the counter says so, and no "won" of the last game stays meanwhile
    $("play-counter").textContent = "…";
    delete document.body.dataset.play;
    document.body.dataset.mode = "play";
    await this.refresh();
  }

  exit() {
    this.stopThinking();
    this.active = false;
    $("play-panel").hidden = true;
    delete document.body.dataset.mode;
    this.onExit(this.code);
  }

  async go(index) {
    if (index < 0 || index >= this.history.length || this.busy) return;
    this.stopThinking();
    this.index = index;
    await this.refresh();
  }

  // Apply legal move number i; `slide`: show it sliding (a tap or a key;
  // a piece dragged there is there already).
  async apply(i, { slide = false } = {}) {
    const entry = this.moves[i];
    if (!entry || this.busy) return;
    this.stopThinking();
    this.history.splice(this.index + 1);
    this.history.push(entry.code);
    this.index += 1;
    this.lastMove = entry.move_data;
    this.slide = slide ? { from: this.view, move: entry.move_data } : null;
    await this.refresh();
  }

  async refresh() {
    this.stopThinking();     // (the "never lose" box turned off: its judging too)
    this.busy = true;
    this.hint = null;
    // the listed moves are the last position's until the reply: not clickable
    for (const b of $("play-moves").querySelectorAll("button")) b.disabled = true;
    this.message("");        // "Block A cannot move." was about the move before
    $("play-info").textContent = "";
    // the moves at once; their marks ("never lose") come after, one by one
    const reply = await this.request(this.movesRequest(false));
    this.busy = false;
    const n = this.index;
    $("play-counter").textContent = `${n} move${n === 1 ? "" : "s"}`;
    if (!reply.ok) { this.slide = null; this.message(reply.error.message); return; }
    this.moves = reply.moves;
    this.view = reply.view;
    $("play-undo").disabled = this.index === 0;
    $("play-redo").disabled = this.index >= this.history.length - 1;
    let info = "";
    if (reply.goal_reached) info = `Solved in ${n} move${n === 1 ? "" : "s"}!`;
    else if (!this.moves.length) info = "No move left: the goal was not reached. Undo to try again.";
    else if (reply.left_out) info = reply.message;     // a list cut to the memory budget
    $("play-info").textContent = info;
    document.body.dataset.play = reply.goal_reached ? "won" : "playing";
    this.renderMoves();
    if (this.slide) this.onSlide?.(this.slide.from, this.slide.move);
    this.slide = null;
    this.redraw();
    if ($("play-judge").checked && this.moves.length) this.judge();
  }

  // "Never lose": the marks of the moves listed, each shown as soon as the
  // worker knows it (api.py's "judged" records: one move's search can take
  // seconds on the big boards), then, in the same request (api.py's
  // `ahead`), the positions one move further judged while the visitor
  // looks, so that the next marks are mostly remembered.  The moves stay
  // playable meanwhile: a move, undo or hint stops the request like any
  // thinking; marks a hint cut short are asked for again after it.
  judge() {
    this.stopThinking();
    const moves = this.moves;
    const info = $("play-info");
    const say = (text) => {
      if (!info.textContent || info.dataset.judging) { info.textContent = text; info.dataset.judging = "1"; }
    };
    say("Checking which moves can still win…");
    const promise = this.request({ ...this.movesRequest(true), ahead: true }, (p) => {
      if (p.phase !== "judged" || this.moves !== moves || !moves[p.move]) return;
      moves[p.move].winnable = p.winnable;
      this.renderMoves();
      if (p.judged < p.of) {
        say(`Checking which moves can still win… ${p.judged} of ${p.of} marked.`);
        return;
      }
      if (info.dataset.judging) { info.textContent = ""; delete info.dataset.judging; }
      document.body.dataset.judged = String(this.index);
    });
    this.thinking = promise;
    promise.then((reply) => {
      if (this.thinking === promise) this.thinking = null;
      if (this.moves !== moves) return;             // another position by now
      if (info.dataset.judging) { info.textContent = ""; delete info.dataset.judging; }
      if (!reply.ok && reply.error.type !== "cancelled") this.message(reply.error.message);
    });
  }

  // The moves request for the game's position; judged, it carries the
  // game's earlier positions (a stored table may then settle every mark:
  // api.py's judge_table).
  movesRequest(judge) {
    const request = { op: "moves", code: this.linkFor(this.code), judge };
    if (judge) request.game = this.history.slice(Math.max(0, this.index - GAME_SENT), this.index);
    return request;
  }

  renderMoves() {
    fillMoveList($("play-moves"), this.family, this.moves.map((m) => ({ text: m.move, data: m.move_data })),
      (i) => this.apply(i), (b, i) => {
        const m = this.moves[i];
        if (m.winnable === false) { b.classList.add("losing"); b.title = "The goal cannot be reached after this move"; b.textContent += " ✗"; }
        if (m.winnable === true) b.title = "The goal can still be reached after this move";
        if (m.winnable === null) { b.title = "Not settled: the search for this move reached its memory budget"; b.textContent += " ?"; }
        if (i === this.hint) b.setAttribute("aria-current", "step");
      });
    $("play-apply-hint").disabled = this.hint === null;
  }

  // Stop a hint or distance being worked out: `why` "move" (a move, undo,
  // exit: the answer would be about another position), "button", "time" or
  // "other" (the page starts a solve or an analysis: requests.js).
  stopThinking(why = "move") {
    if (!this.thinking) return;
    const { id } = this.thinking;
    this.thinking.stoppedBy = why;
    this.thinking = null;
    $("play-stop").hidden = true;
    if (id) this.cancelRequest(id);
  }

  // Solve from the game's position, for at most THINK_MS, telling
  // `update(best, lower)` whenever a better solution (a solve reply's
  // improvement record) or a higher bound comes; the reply, or, when
  // stopped, {ok: false, best, lower, why} with what was learnt.
  async solveHere(update = () => {}) {
    this.stopThinking();
    delete $("play-info").dataset.judging;
    $("play-info").textContent = "Thinking…";
    $("play-stop").hidden = false;
    const at = this.code;
    let best = null;
    let lower = 0;
    const promise = this.request({ op: "solve", code: this.linkFor(at), algorithm: "auto", max_memory: 256 }, (p) => {
      if (this.code !== at || promise.stoppedBy) return;
      const better = p.improvement && (!best || p.improvement.length < best.length);
      if (better) best = p.improvement;
      if (p.lower_bound !== undefined && p.lower_bound > lower) lower = p.lower_bound;
      if (better || p.lower_bound !== undefined) update(best, lower);
    });
    this.thinking = promise;
    const timer = setTimeout(() => this.stopThinking("time"), THINK_MS);
    const reply = await promise;
    clearTimeout(timer);
    if (this.thinking === promise) { this.thinking = null; $("play-stop").hidden = true; }
    if (promise.stoppedBy === "move" || this.code !== at) return null;   // about another position
    if (reply.ok) return reply;
    if (reply.error.type === "cancelled") {
      return { ok: false, best, lower, why: promise.stoppedBy === "time" ? `no proof within ${THINK_MS / 1000} s` : "stopped" };
    }
    $("play-info").textContent = reply.error.message;
    return null;
  }

  // Marks a hint or "how far?" cut short: asked for again.
  rejudge() {
    if (!this.thinking && $("play-judge").checked && this.moves.some((m) => m.winnable === undefined)) this.judge();
  }

  // Only a proven answer is told as one; otherwise what is known is said
  // as such: "between L and U" (the proven bound, the best found), live.
  async howFar() {
    const moves = (k) => `${k} move${k === 1 ? "" : "s"}`;
    const info = $("play-info");
    const between = (best, lower) => {
      if (best) info.textContent = `Between ${lower} and ${moves(best.length)} from the goal (not proven yet: the best found, the proven bound)…`;
    };
    const reply = await this.solveHere(between);
    this.rejudge();
    delete $("play-far").dataset.distance;
    if (!reply) return;
    if (!reply.ok) {
      info.textContent = reply.best
        ? `Between ${reply.lower} and ${moves(reply.best.length)} from the goal (${reply.why}: the best found, the proven bound).`
        : `At least ${moves(reply.lower)} from the goal (${reply.why}; no solution found yet).`;
      return;
    }
    if (reply.impossible) { info.textContent = `The goal cannot be reached from here (proven by ${reply.impossible.label}).`; return; }
    if (reply.length === null) { info.textContent = `At least ${moves(reply.lower_bound)} from the goal (no solution found yet).`; return; }
    const n = reply.length;
    info.textContent = n === 0 ? "You are at the goal."
      : reply.optimal ? `${moves(n)} from the goal (proven).`
        : `Between ${reply.lower_bound ?? 0} and ${moves(n)} from the goal (not proven: the best found, the proven bound).`;
    if (reply.optimal) $("play-far").dataset.distance = String(n);
  }

  // What a stopped search learnt, said as unproven.
  unproven(r) {
    const best = r.best ? ` the best found has ${r.best.length} moves,` : "";
    return `No proven answer (${r.why}):${best} at least ${r.lower} moves are needed.`;
  }

  // Name a move as soon as one is known, and say what it is: the optimal
  // next move once proven; before that the first move of the best solution
  // found, or a move "never lose" marked winnable; "no move" only when the
  // goal is proven out of reach.  data-hint on the info line says which
  // (optimal, best, winnable, none) for the tests.
  async showHint() {
    const info = $("play-info");
    const say = (i, kind, text) => {
      this.hint = i >= 0 ? i : null;
      info.textContent = text;
      info.dataset.hint = kind;
      this.renderMoves();
      this.redraw();              // the hint on the board
    };
    const moveOf = (sol) => {
      const i = this.moves.findIndex((m) => m.code === sol.codes[1]);
      return i >= 0 ? i : this.moves.findIndex((m) => m.move === sol.moves[0]);
    };
    const fromBest = (best, lower) => {
      if (!best || !best.length) return;
      const proven = best.optimal || lower >= best.length;
      say(moveOf(best), proven ? "optimal" : "best", proven
        ? `Hint: ${best.moves[0]}, the optimal next move (then ${best.length - 1} more, proven).`
        : `Hint: ${best.moves[0]}, the first move of the best solution found so far (${best.length} moves; not proven shortest, looking on)…`);
    };
    delete info.dataset.hint;
    const winnable = this.moves.findIndex((m) => m.winnable === true);
    const reply = await this.solveHere((best, lower) => {
      if (best) fromBest(best, lower);
      else if (winnable >= 0 && info.dataset.hint === undefined) {
        say(winnable, "winnable", `Hint: ${this.moves[winnable].move} keeps the goal within reach (not necessarily the shortest way; looking on)…`);
      }
    });
    this.rejudge();
    if (!reply) return;
    if (!reply.ok) {
      if (reply.best) {
        say(moveOf(reply.best), "best", `Hint: ${reply.best.moves[0]}, the first move of the best solution found (${reply.best.length} moves; ${reply.why}, so not proven shortest: at least ${reply.lower} are needed).`);
      } else if (winnable >= 0) {
        say(winnable, "winnable", `Hint: ${this.moves[winnable].move} keeps the goal within reach (${reply.why} before a solution was found).`);
      } else {
        info.textContent = this.unproven(reply);
      }
      return;
    }
    if (reply.impossible) {
      say(-1, "none", `No move reaches the goal from here (proven by ${reply.impossible.label}): undo to a position that can still win.`);
      return;
    }
    if (reply.length === 0) { info.textContent = "You are at the goal."; return; }
    if (reply.length === null) { info.textContent = this.unproven({ ...reply, lower: reply.lower_bound, why: "stopped" }); return; }
    if (reply.optimal) fromBest(reply, reply.length);
    else {
      say(moveOf(reply), "best", `Hint: ${reply.moves[0]}, the first move of the best solution found (${reply.length} moves; not proven shortest: at least ${reply.lower_bound ?? 0} are needed).`);
    }
  }
}
