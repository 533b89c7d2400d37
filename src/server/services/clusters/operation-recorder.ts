import {
  initialSteps,
  isOperationKind,
  parseOperationSteps,
  storedOperationSteps,
  withStep,
  type ControlPlaneRouteAction,
  type OperationStep,
  type StepName,
} from "@/server/domain/clusters/operation-steps";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

/**
 * Writes an operation's step timeline as a job works through it, so the
 * console shows each step's start, end and outcome while it happens.
 */
export class OperationRecorder {
  private constructor(
    private readonly deps: Pick<ServiceDeps, "db" | "now">,
    private readonly operationId: string,
    private steps: OperationStep[],
  ) {}

  /**
   * `route`: the TLSRoute steps this run includes (domain controlPlaneRouteAction). They depend on
   * the provider and the row's mode as the job finds them, so the list is settled here, when the job
   * starts, rather than when the request queued the operation.
   */
  static async start(deps: Pick<ServiceDeps, "db" | "now">, operationId: string, opts: { route?: ControlPlaneRouteAction; forced?: boolean } = {}): Promise<OperationRecorder> {
    const op = await deps.db.clusterOperation.findUniqueOrThrow({ where: { id: operationId } });
    const stored = parseOperationSteps(op.steps);
    // The job fails with this (and its operation shows it) rather than running without a timeline to record.
    if (!stored.ok) throw new Error(`cluster operation ${operationId} has unreadable steps: ${stored.problem}`);
    // A retry starts the timeline again: every step is idempotent and runs once more. An operation
    // queued before an upgrade changed its kind's steps (update gained ensure_namespace) gets today's list.
    const steps = isOperationKind(op.kind)
      ? initialSteps(op.kind, opts.route ?? null, opts.forced ?? false)
      : stored.steps.map((s) => ({ ...s, status: "pending" as const, started_at: null, finished_at: null, message: null }));
    const recorder = new OperationRecorder(deps, operationId, steps);
    await deps.db.clusterOperation.update({
      where: { id: operationId },
      data: { status: "running", error: null, startedAt: op.startedAt ?? deps.now(), finishedAt: null, steps: recorder.json() },
    });
    return recorder;
  }

  /** Ends an operation whose job will not run (the cluster is being deleted), leaving its steps as they are. */
  static async cancel(deps: Pick<ServiceDeps, "db" | "now">, operationId: string, reason: string): Promise<void> {
    await deps.db.clusterOperation.updateMany({
      where: { id: operationId, status: { in: ["pending", "running"] } },
      data: { status: "failed", error: reason, finishedAt: deps.now() },
    });
  }

  /**
   * Runs one step and records it; a failure is recorded with its message and rethrown. A StepSkipped
   * thrown by `work` is recorded as `skipped` with its message (and rethrown, for the caller to handle).
   * `detail` turns the result into the succeeded step's message (what the step found, e.g. which
   * Gateway accepted a route); without it a succeeded step has none.
   */
  async step<T>(name: StepName, work: () => Promise<T>, opts: { detail?: (result: T) => string } = {}): Promise<T> {
    await this.set(name, { status: "running", started_at: this.deps.now().toISOString() });
    try {
      const result = await work();
      await this.set(name, { status: "succeeded", finished_at: this.deps.now().toISOString(), ...(opts.detail ? { message: opts.detail(result) } : {}) });
      return result;
    } catch (error) {
      const status = error instanceof StepSkipped ? "skipped" : "failed";
      await this.set(name, { status, finished_at: this.deps.now().toISOString(), message: messageOf(error) });
      throw error;
    }
  }

  async skip(name: StepName, reason: string): Promise<void> {
    const at = this.deps.now().toISOString();
    await this.set(name, { status: "skipped", started_at: at, finished_at: at, message: reason });
  }

  /**
   * Marks the operation succeeded; `together` runs in the same transaction, so the state the
   * operation produced (e.g. the cluster turning ready) and its success are seen at once.
   */
  async succeed(together?: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
    await this.deps.db.$transaction(async (tx) => {
      await together?.(tx);
      await tx.clusterOperation.update({ where: { id: this.operationId }, data: { status: "succeeded", finishedAt: this.deps.now() } });
    });
  }

  /** `final`: no retry follows, so the operation is over; otherwise it stays running for the next attempt. */
  async fail(error: unknown, final: boolean): Promise<void> {
    await this.deps.db.clusterOperation.update({
      where: { id: this.operationId },
      data: { error: messageOf(error), ...(final ? { status: "failed", finishedAt: this.deps.now() } : {}) },
    });
  }

  private async set(name: StepName, change: Partial<Omit<OperationStep, "name">>): Promise<void> {
    this.steps = withStep(this.steps, name, change);
    await this.deps.db.clusterOperation.update({ where: { id: this.operationId }, data: { steps: this.json() } });
  }

  private json(): Prisma.InputJsonArray {
    return storedOperationSteps(this.steps);
  }
}

/**
 * Thrown from a step's work when the step turns out to have nothing it can do yet (the managed ingress
 * waiting for a Ready node): the timeline shows `skipped` with this message rather than `failed`.
 */
export class StepSkipped extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StepSkipped";
  }
}

export function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 4000);
}
