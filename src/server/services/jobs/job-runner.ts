import type { ClusterJob, LeasedJob } from "@/server/domain/jobs/cluster-job";
import { describeError, leaseRenewIntervalMs, trimErrorText, unknownKindError } from "@/server/domain/jobs/lease-rules";
import type { JobHandlerRegistry } from "./handler-registry";
import { isPermanentFailure } from "./job-failure";
import { LeaseLostError } from "./job-handler";
import { silentJobLogger, type JobLogger } from "./job-logger";
import { noJobMetrics, type JobAttemptOutcome, type JobMetrics } from "./job-metrics";
import type { JobLeaseStore } from "./job-store";
import type { JobWakeups, WakeupSubscription } from "./job-wakeups";

export interface JobRunnerOptions {
  store: JobLeaseStore;
  registry: JobHandlerRegistry;
  /** Optional: without it the runner only polls. */
  wakeups?: JobWakeups;
  /** Written to lease_owner; unique per process. */
  owner: string;
  leaseMs: number;
  pollIntervalMs: number;
  /** Jobs run at the same time by this runner. Default 1. */
  concurrency?: number;
  /** How long stop() lets running jobs finish before aborting them. Default 30s. */
  shutdownGraceMs?: number;
  /** How long stop() waits for aborted handlers to return. Default 5s. */
  abortGraceMs?: number;
  logger?: JobLogger;
  /** Attempt durations and outcomes, lease takeovers (kubebyon_job_* on /metrics). */
  metrics?: JobMetrics;
}

interface ActiveJob {
  job: ClusterJob;
  controller: AbortController;
}

type RunnerState = "idle" | "running" | "stopping" | "stopped";

/**
 * Leases cluster jobs and runs their handlers. Polls the store every
 * pollIntervalMs and, when wake-ups are wired, also leases a job as soon as
 * its id is announced. The lease is renewed while a handler runs; the row
 * (not the runner) decides whether a job may run, so duplicate wake-ups and
 * several runners are safe.
 */
export class JobRunner {
  private readonly store: JobLeaseStore;
  private readonly registry: JobHandlerRegistry;
  private readonly wakeups: JobWakeups | undefined;
  private readonly owner: string;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly shutdownGraceMs: number;
  private readonly abortGraceMs: number;
  private readonly log: JobLogger;
  private readonly metrics: JobMetrics;

  private state: RunnerState = "idle";
  private readonly active = new Map<string, ActiveJob>();
  /** Slots claimed by a lease call still in flight, so concurrency holds across poll and wake-up paths. */
  private reserved = 0;
  private pollLoop: Promise<void> | undefined;
  private subscription: WakeupSubscription | undefined;
  private endNap: (() => void) | undefined;
  private wokenDuringLease = false;
  private readonly changeListeners = new Set<() => void>();
  private stopping: Promise<void> | undefined;
  private shuttingDown = false;

  constructor(options: JobRunnerOptions) {
    this.store = options.store;
    this.registry = options.registry;
    this.wakeups = options.wakeups;
    this.owner = options.owner;
    this.leaseMs = options.leaseMs;
    this.pollIntervalMs = options.pollIntervalMs;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.shutdownGraceMs = options.shutdownGraceMs ?? 30_000;
    this.abortGraceMs = options.abortGraceMs ?? 5_000;
    this.log = options.logger ?? silentJobLogger;
    this.metrics = options.metrics ?? noJobMetrics;
  }

  /** True from start() until stop() begins: the process's /readyz reports it (worker/worker-http.ts). */
  isRunning(): boolean {
    return this.state === "running";
  }

  async start(): Promise<void> {
    if (this.state !== "idle") throw new Error("JobRunner.start() can only be called once");
    this.state = "running";
    this.pollLoop = this.poll();
    if (this.wakeups) {
      try {
        this.subscription = await this.wakeups.subscribe((jobId) => this.onWakeup(jobId));
      } catch (error) {
        // Polling still finds every job; wake-ups only make it faster.
        this.log.warn("job wake-ups unavailable; polling only", { error: describeError(error) });
      }
    }
    this.log.info("job runner started", {
      owner: this.owner,
      concurrency: this.concurrency,
      leaseMs: this.leaseMs,
      pollIntervalMs: this.pollIntervalMs,
      kinds: this.registry.kinds(),
      wakeups: Boolean(this.subscription),
    });
  }

  /** Stops leasing, lets running jobs finish (or aborts them after the grace period). Safe to call twice. */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  /** Ids of the jobs this runner is executing right now. */
  activeJobIds(): string[] {
    return [...this.active.keys()];
  }

  private async shutdown(): Promise<void> {
    if (this.state === "idle") {
      this.state = "stopped";
      return;
    }
    this.state = "stopping";
    this.wake();
    if (this.subscription) {
      await this.subscription.unsubscribe().catch((error: unknown) => {
        this.log.warn("could not cancel the wake-up subscription", { error: describeError(error) });
      });
    }
    await this.pollLoop;

    const finished = await this.waitUntil(() => this.active.size === 0 && this.reserved === 0, this.shutdownGraceMs);
    if (!finished) {
      this.shuttingDown = true;
      this.log.warn("aborting running jobs: shutdown grace period is over", {
        jobIds: this.activeJobIds(),
        shutdownGraceMs: this.shutdownGraceMs,
      });
      for (const entry of this.active.values()) entry.controller.abort(new Error(`worker ${this.owner} is shutting down`));
      const aborted = await this.waitUntil(() => this.active.size === 0, this.abortGraceMs);
      if (!aborted) {
        // Their leases expire and another runner takes the jobs over.
        this.log.error("jobs ignored the abort signal; leaving them to lease expiry", { jobIds: this.activeJobIds() });
      }
    }
    this.state = "stopped";
    this.log.info("job runner stopped", { owner: this.owner });
  }

  private freeSlots(): number {
    return this.concurrency - this.active.size - this.reserved;
  }

  private async poll(): Promise<void> {
    while (this.state === "running") {
      if (this.freeSlots() <= 0) {
        await this.nap(this.pollIntervalMs);
        continue;
      }
      this.wokenDuringLease = false;
      this.reserved += 1;
      let job: LeasedJob | null = null;
      try {
        job = await this.store.leaseNext(this.owner, this.leaseMs);
      } catch (error) {
        this.log.error("could not lease a job; will retry", { error: describeError(error) });
      } finally {
        this.reserved -= 1;
        this.notifyChange();
      }
      if (job) {
        this.launch(job, "poll");
        continue;
      }
      await this.nap(this.pollIntervalMs);
    }
  }

  private async onWakeup(jobId: string): Promise<void> {
    if (this.state !== "running") return;
    if (this.active.has(jobId)) return;
    if (this.freeSlots() <= 0) {
      // The poll loop leases it as soon as a slot frees up.
      this.log.debug("wake-up skipped: all slots busy", { jobId });
      return;
    }
    this.reserved += 1;
    let job: LeasedJob | null = null;
    try {
      job = await this.store.leaseById(jobId, this.owner, this.leaseMs);
    } catch (error) {
      this.log.warn("could not lease woken job; polling will pick it up", { jobId, error: describeError(error) });
    } finally {
      this.reserved -= 1;
      this.notifyChange();
    }
    if (job) this.launch(job, "wakeup");
    else this.log.debug("wake-up skipped: job not leasable (running elsewhere, finished or backing off)", { jobId });
  }

  /**
   * Runs a leased job in one slot and keeps the slot busy with the jobs leased
   * in the same round trip as each success (completeAndLeaseNext), so a busy
   * queue costs one statement per job and no wait for the next poll.
   */
  private launch(first: LeasedJob, source: "poll" | "wakeup"): void {
    const runSlot = async () => {
      let job: LeasedJob | null = first;
      let via: "poll" | "wakeup" | "chain" = source;
      while (job) {
        const current: LeasedJob = job;
        const controller = new AbortController();
        this.active.set(current.id, { job: current, controller });
        this.log.info("job leased", { jobId: current.id, kind: current.kind, clusterId: current.clusterId, attempt: current.attempts, source: via });
        if (current.takenOverFrom !== null) {
          this.metrics.leaseTakenOver(current.kind);
          this.log.warn("took over a job whose lease had expired", { jobId: current.id, kind: current.kind, previousOwner: current.takenOverFrom, attempt: current.attempts });
        }
        try {
          job = await this.execute(current, controller);
        } catch (error) {
          job = null;
          this.log.error("job bookkeeping failed; the lease will expire and the job will be retried", {
            jobId: current.id,
            error: describeError(error),
          });
        }
        // The next job (if any) takes this slot over in the same tick, so concurrency never exceeds its limit.
        this.active.delete(current.id);
        via = "chain";
      }
      this.notifyChange();
      this.wake();
    };
    void runSlot();
  }

  /** Runs one job and records its outcome; returns the next job when its lease came with the result. */
  private async execute(job: ClusterJob, controller: AbortController): Promise<LeasedJob | null> {
    const handler = this.registry.get(job.kind);
    if (!handler) {
      const message = unknownKindError(job.kind);
      this.log.error("job failed: unknown kind", { jobId: job.id, kind: job.kind });
      const updated = await this.store.fail(job.id, this.owner, message, { retry: false });
      this.metrics.attemptEnded(job.kind, updated ? "failed" : "lease_lost", 0);
      return null;
    }

    let leaseLost = false;
    const renew = async (): Promise<boolean> => {
      if (leaseLost) return false;
      const ok = await this.store.renewLease(job.id, this.owner, this.leaseMs);
      if (!ok && !leaseLost) {
        leaseLost = true;
        this.log.warn("lease lost; aborting the handler", { jobId: job.id });
        controller.abort(new LeaseLostError(job.id));
      }
      return ok;
    };
    const stopRenewing = this.renewPeriodically(job.id, renew);
    const startedAt = Date.now();

    try {
      await handler(job, {
        signal: controller.signal,
        renewLease: async () => {
          if (!(await renew())) throw new LeaseLostError(job.id);
        },
      });
    } catch (error) {
      stopRenewing();
      await this.recordFailure(job, controller, error, leaseLost, startedAt);
      return null;
    }
    stopRenewing();
    if (leaseLost) {
      this.log.warn("job finished after its lease was lost; result not recorded", { jobId: job.id });
      this.metrics.attemptEnded(job.kind, "lease_lost", secondsSince(startedAt));
      return null;
    }
    // Once stop() has begun, finish without taking new work.
    const { completed, next } =
      this.state === "running"
        ? await this.store.completeAndLeaseNext(job.id, this.owner, this.leaseMs)
        : { completed: await this.store.complete(job.id, this.owner), next: null };
    if (completed) this.log.info("job succeeded", { jobId: job.id, kind: job.kind, durationMs: Date.now() - startedAt });
    else this.log.warn("job finished but its lease had been taken over; result not recorded", { jobId: job.id });
    this.metrics.attemptEnded(job.kind, completed ? "succeeded" : "lease_lost", secondsSince(startedAt));
    return next;
  }

  private async recordFailure(job: ClusterJob, controller: AbortController, error: unknown, leaseLost: boolean, startedAt: number): Promise<void> {
    if (leaseLost) {
      this.log.warn("job stopped after its lease was lost", { jobId: job.id, error: describeError(error) });
      this.metrics.attemptEnded(job.kind, "lease_lost", secondsSince(startedAt));
      return;
    }
    const permanent = isPermanentFailure(error);
    const reason = this.shuttingDown && controller.signal.aborted
      ? `interrupted because worker ${this.owner} shut down: ${describeError(error)}`
      : describeError(error);
    const updated = await this.store.fail(job.id, this.owner, trimErrorText(reason), { retry: !permanent });
    this.metrics.attemptEnded(job.kind, failureOutcome(updated), secondsSince(startedAt));
    this.log.warn("job attempt failed", {
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      status: updated?.status ?? "lease-lost",
      runAfter: updated?.status === "pending" ? updated.runAfter.toISOString() : undefined,
      durationMs: Date.now() - startedAt,
      error: trimErrorText(describeError(error), 500),
    });
  }

  /** Renews on a timer; a failed round trip is logged and retried on the next tick. */
  private renewPeriodically(jobId: string, renew: () => Promise<boolean>): () => void {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      try {
        if (!(await renew())) return;
      } catch (error) {
        this.log.warn("could not renew job lease; will retry", { jobId, error: describeError(error) });
      }
      if (!stopped) timer = setTimeout(() => void tick(), leaseRenewIntervalMs(this.leaseMs));
    };
    timer = setTimeout(() => void tick(), leaseRenewIntervalMs(this.leaseMs));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  /** Sleeps up to `ms`, returning early on wake(). */
  private nap(ms: number): Promise<void> {
    if (this.wokenDuringLease || this.state !== "running") {
      this.wokenDuringLease = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.endNap = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.endNap = done;
    });
  }

  private wake(): void {
    if (this.endNap) this.endNap();
    else this.wokenDuringLease = true;
  }

  private notifyChange(): void {
    for (const listener of [...this.changeListeners]) listener();
  }

  private waitUntil(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
    if (predicate()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.changeListeners.delete(check);
        resolve(result);
      };
      const check = () => {
        if (predicate()) finish(true);
      };
      const timer = setTimeout(() => finish(predicate()), timeoutMs);
      this.changeListeners.add(check);
    });
  }
}

function secondsSince(startedAt: number): number {
  return (Date.now() - startedAt) / 1_000;
}

/** What the store made of a failed attempt; null: the lease was no longer ours, so nothing was recorded. */
function failureOutcome(updated: ClusterJob | null): JobAttemptOutcome {
  if (!updated) return "lease_lost";
  return updated.status === "pending" ? "retrying" : updated.status === "dead" ? "dead" : "failed";
}
