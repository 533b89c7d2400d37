import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { BackgroundTask } from "./background-task";
import type { TaskHealth } from "./task-health";

/** How often a process writes its heartbeat row; a row older than three of these is a silent process. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** Rows of processes silent for this long are deleted (a crashed process never deletes its own). */
export const HEARTBEAT_FORGET_AFTER_MS = 24 * 3600_000;

export interface ProcessIdentity {
  /** The process's owner name among job-processing processes (worker id, `web-<id>`). */
  id: string;
  process: string;
  hostname: string;
  pid: number;
  startedAt: Date;
}

export interface ProcessHeartbeatDeps extends ServiceDeps {
  identity: ProcessIdentity;
  /** The scheduler's view of this process's tasks at the time of the beat. */
  health(): TaskHealth[];
}

/**
 * Writes this process's heartbeat row (docs/background-tasks.md "Health"): when it last beat and what each of its
 * tasks is doing, so the admin's Platform health page can list every worker and every task, with what is late or
 * failing, though workers serve no page. It also forgets processes silent for a day; a clean stop deletes the row.
 */
export const processHeartbeatTask: BackgroundTask<ProcessHeartbeatDeps, void> = {
  name: "process-heartbeat",
  scope: "each-process",
  intervalMs: () => HEARTBEAT_INTERVAL_MS,
  async run(deps) {
    const now = deps.now();
    const { identity } = deps;
    const tasks = deps.health() as unknown as Prisma.InputJsonValue;
    const row = { process: identity.process, hostname: identity.hostname, pid: identity.pid, startedAt: identity.startedAt, beatAt: now, intervalMs: HEARTBEAT_INTERVAL_MS, tasks };
    await deps.db.processHeartbeat.upsert({ where: { id: identity.id }, create: { id: identity.id, ...row }, update: row });
    await deps.db.processHeartbeat.deleteMany({ where: { beatAt: { lt: new Date(now.getTime() - HEARTBEAT_FORGET_AFTER_MS) } } });
  },
  async close(deps) {
    // Only this process's own row, and only if it is still its own (a restart under the same id started another).
    await deps.db.processHeartbeat.deleteMany({ where: { id: deps.identity.id, pid: deps.identity.pid, hostname: deps.identity.hostname } });
  },
};
