// A search split over several solver workers (solver.js), one per core:
// api.py's `part` op does the searching, this file only schedules.  Used by
// solve.js when the chosen method can split (describe's `parts`) and the
// page has more than one core to give it.
//
// The plan request (no `limit`) searches in one piece up to a small budget
// on the first worker: easy positions end there.  Otherwise it names the
// first bound L0 of the iterations; every iteration is cut into `parts`
// parts (api.py: the positions a few moves from the start, in the order the
// search in one piece visits them, cut into runs that are short at the start
// of that order, where the last iteration finds its solution) and the jobs
// (bound, part) go to whichever worker is free, smallest bound first, part
// by part in that order, so the workers search the start side by side.  One shared bound: a found solution
// of length L is the answer, and it is proven optimal once every part of
// every bound below L came back empty; the proven lower bound is the
// smallest bound with a job still open.  Jobs of bounds at or above the
// best found are then dropped or cancelled.  One Cancel stops every
// worker's job.  A worker that dies (solver.js replaces it: a "crashed"
// reply) loses nothing: its job goes back to the queue, and the search
// fails with a message only when the same job has crashed MAX_CRASHES times.
// With Auto the plan answers first, as a solve does (a stored table, the
// quick method's first answer: `improvement` records, the plan's `best`);
// when the quick method has more to find (the plan's `quick`), one worker
// runs it as a solve request beside the parts, each shorter solution shown
// at once and cutting the bounds still to search, then joins the parts.

const MAX_CRASHES = 3;
const PARTS_PER_WORKER = 8;

export class ParallelSearch {
  // `solvers`: Solver objects (the first is the page's own), `request`: the
  // solve request (op solve; its code, algorithm, heuristic, max_memory).
  constructor(solvers, request, onProgress = () => {}) {
    this.solvers = solvers;
    this.base = { op: "part", code: request.code, algorithm: request.algorithm,
      heuristic: request.heuristic, max_memory: request.max_memory };
    this.onProgress = onProgress;
    this.t0 = performance.now();
    this.running = new Map();   // solver -> {job, promise}
    this.stopped = null;        // the reply that ends the search, once known
    this.crashes = new Map();   // job key -> crashes
    this.warm = new Set();      // solvers that have this position's tables and frontier
    this.restarts = 0;
    this.jobs = 0;
    this.expanded = 0;
    this.generated = 0;
    this.best = null;           // {length, found}
    this.queue = [];            // [{limit, index}]: the jobs not yet sent
    this.id = `parallel-${Math.random().toString(36).slice(2)}`;
  }

  elapsed() {
    return (performance.now() - this.t0) / 1000;
  }

  // Resolves with a solve reply (or {ok: false, error}), like Solver.request.
  run() {
    this.promise = new Promise((resolve) => { this.resolve = resolve; });
    this.start();
    return this.promise;
  }

  async start() {
    const first = this.solvers[0];
    const planReq = first.request({ ...this.base }, (p) => {
      // (shown by onProgress as it is: kept, not said again)
      if (p.improvement) { this.offer(p.improvement, false); this.improvement = null; }
      this.onProgress({ ...p, workers: 1 });
    });
    this.running.set(first, { job: null, promise: planReq });
    const plan = await planReq;
    this.running.delete(first);
    if (this.stopped) return;
    if (!plan.ok) return this.finish(plan);
    if (plan.solved) return this.finish({ ...plan.solved, workers: 1 });
    if (plan.best) { this.offer(plan.best, false); this.improvement = null; }
    this.parts = PARTS_PER_WORKER * this.solvers.length;
    this.live = new Set(Array.from({ length: this.parts }, (_, k) => k));
    this.open = new Map();        // bound -> parts of it not yet back empty
    this.top = plan.limit - 2;    // the last bound put in the queue
    this.lower = plan.limit;
    if (this.best && this.lower >= this.best.length) return this.finish(this.answer());
    this.report();
    this.solvers.forEach((s, i) => {
      if (plan.quick && i === this.solvers.length - 1) this.improve(s, plan.quick);
      else this.work(s);
    });
  }

  // A better solution from the quick method (or a part, `proven` false
  // either way here): kept, shown at once, and the bounds at or above its
  // length dropped.
  offer(found, report = true) {
    if (this.best && found.length >= this.best.length) return;
    this.best = { length: found.length, found };
    this.queue = this.queue.filter((j) => j.limit < this.best.length);
    for (const [solver, run] of this.running) {
      if (run.job && run.job.limit >= this.best.length) solver.cancel(run.promise.id);
    }
    this.improvement = { ...found, optimal: false, lower_bound: this.lower ?? found.lower_bound ?? 0,
      seconds: this.elapsed() };
    if (report) { this.report(); this.improvement = null; }
  }

  // One worker runs the quick method (a solve request of its own) beside
  // the parts, then joins them.
  async improve(solver, quick) {
    const promise = solver.request({ op: "solve", code: this.base.code, algorithm: quick,
      max_memory: this.base.max_memory }, (p) => {
      if (p.improvement && !this.stopped) this.offer(p.improvement);
    });
    this.running.set(solver, { job: null, promise });
    const reply = await promise;
    this.running.delete(solver);
    if (this.stopped) return;
    if (reply.ok && reply.length !== null) this.offer(reply);
    if (this.best && this.lower >= this.best.length) return this.finish(this.answer());
    this.work(solver);
  }

  // The next job: the queue's first, after adding the next bound's parts
  // when it ran dry (never a bound at or above the best found).
  next() {
    if (!this.queue.length && this.live.size) {
      const limit = this.top + 2;
      if (this.best && limit >= this.best.length) return null;
      this.top = limit;
      this.open.set(limit, new Set(this.live));
      for (const index of this.live) this.queue.push({ limit, index });
    }
    return this.queue.shift() || null;
  }

  async work(solver) {
    while (!this.stopped) {
      if (!solver.ready) {
        try { await solver.whenReady(); } catch (_) { return; }
        continue;
      }
      if (solver !== this.solvers[0] && !this.warm.has(solver)) {
        // a worker new to this position loads its tables and the frontier
        // first, holding no job: a slow first job would hold up the proof
        const promise = solver.request({ ...this.base, parts: this.parts, index: 0, limit: 0 });
        this.running.set(solver, { job: null, promise });
        const reply = await promise;
        this.running.delete(solver);
        if (this.stopped) return;
        if (reply.ok) this.warm.add(solver);
        else if (reply.error.type !== "crashed" && reply.error.type !== "startup") return this.finish(reply);
        continue;
      }
      const job = this.next();
      if (!job) return;
      this.jobs += 1;
      const promise = solver.request({ ...this.base, parts: this.parts, index: job.index, limit: job.limit },
        (p) => this.liveProgress(solver, p));
      this.running.set(solver, { job, promise });
      const reply = await promise;
      this.running.delete(solver);
      if (this.stopped) return;
      this.done(job, reply);
    }
  }

  // A running job's own progress: a table being prepared is said as it
  // is; nodes are added to the parts already back.
  liveProgress(solver, p) {
    const run = this.running.get(solver);
    if (!run || this.stopped) return;
    if (p.phase) {
      this.onProgress({ ...p, workers: this.solvers.length });
      return;
    }
    run.expanded = p.expanded || 0;
    this.report();
  }

  done(job, reply) {
    const key = `${job.limit}:${job.index}`;
    if (!reply.ok) {
      if (reply.error.type === "crashed" || reply.error.type === "startup") {
        // the worker died (or failed to start): the job goes back, first
        this.restarts += 1;
        const n = (this.crashes.get(key) || 0) + 1;
        this.crashes.set(key, n);
        if (n >= MAX_CRASHES) {
          return this.finish({ ok: false, error: { type: "crashed",
            message: `A worker stopped ${n} times on the same part of the search (${reply.error.message})` } });
        }
        this.queue.unshift(job);
        return;
      }
      if (reply.error.type === "cancelled") return;     // dropped: a bound no longer needed
      return this.finish(reply);
    }
    this.expanded += reply.expanded;
    this.generated += reply.generated;
    // bounds at or above a solution found are no longer needed
    if (reply.found) this.offer({ ...reply.found, from_parts: true }, false);
    if (reply.exhausted) this.live.delete(job.index);
    const open = this.open.get(job.limit);
    if (open && !reply.found) {
      open.delete(job.index);
      if (!open.size) this.open.delete(job.limit);
    }
    this.lower = Math.min(...this.open.keys(), this.top + 2);
    if (this.best && this.lower >= this.best.length) return this.finish(this.answer());
    if (!this.best && !this.live.size && !this.open.size) {
      // impossible is a result, in the solve reply's shape (api.py impossible;
      // solve.js puts the position itself in positions and codes)
      const message = "No solution exists: every part of the search came back empty.";
      return this.finish({ ok: true, op: "solve", code: this.base.code, length: null, optimal: false,
        lower_bound: null, moves: [], move_data: [], positions: [], codes: [],
        final: this.base.code, path: null, improvements: [],
        impossible: { proof: "search", label: "an exhaustive search", message },
        stats: { expanded: this.expanded, generated: this.generated, seconds: this.elapsed() } });
    }
    this.report();
    this.improvement = null;
  }

  report() {
    let expanded = this.expanded;
    for (const run of this.running.values()) expanded += run.expanded || 0;
    const rec = { elapsed: this.elapsed(), lower_bound: this.lower, bound: this.lower,
      expanded, generated: this.generated, workers: this.solvers.length,
      parts: this.parts, jobs: this.jobs };
    if (this.best) rec.best = this.best.length;
    if (this.improvement) rec.improvement = this.improvement;
    this.onProgress(rec);
  }

  answer() {
    const f = this.best.found;
    const n = this.solvers.length;
    const mine = f.algorithm === this.base.algorithm || f.from_parts;
    return { ...f, ok: true, op: "solve", optimal: true, lower_bound: this.best.length,
      algorithm_label: mine ? `${f.algorithm_label} on ${n} workers` : f.algorithm_label,
      algorithm_short: mine ? `${f.algorithm_short || f.algorithm_label} on ${n} workers` : f.algorithm_short,
      ...(mine ? {} : { proved_by: "parts", proved_by_label: `the search split over ${n} workers` }),
      improvements: [], workers: n,
      parallel: { workers: n, parts: this.parts, jobs: this.jobs, restarts: this.restarts },
      stats: { expanded: this.expanded, generated: this.generated, seconds: this.elapsed() } };
  }

  // End the search with `reply`: every job still out is cancelled.
  finish(reply) {
    if (this.stopped) return;
    this.stopped = reply;
    for (const [solver, run] of this.running) solver.cancel(run.promise.id);
    this.running.clear();
    this.resolve(reply);
  }

  // The page's Cancel: the best found (if any) is kept by solve.js, with
  // the proven bound it heard in the progress records.
  cancel() {
    this.finish({ ok: false, error: { type: "cancelled", message: "Cancelled." } });
  }
}
