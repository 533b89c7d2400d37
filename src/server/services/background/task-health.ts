import type { TaskScope } from "./background-task";

/** What one process knows of one of its tasks: on /metrics (kubebyon_task_*) and in its heartbeat row. */
export interface TaskHealth {
  name: string;
  scope: TaskScope;
  intervalMs: number;
  /** This process runs the task's timed passes: always for each-process tasks, on the leader for leader tasks. */
  leading: boolean;
  running: boolean;
  /** When the scheduler started (epoch ms): a task that never succeeded is late counted from here. */
  scheduledAt: number;
  lastStartAt: number | null;
  lastSuccessAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  /** Failed passes since the last success. */
  errorStreak: number;
  lastDurationMs: number | null;
}

/** A task is late after this many intervals without a successful pass where it leads. */
export const LATE_AFTER_INTERVALS = 3;

/**
 * Late: it leads here and has not succeeded for LATE_AFTER_INTERVALS intervals (a pass stuck, or failing). A
 * follower is never late: the leader's row says how the task is doing.
 */
export function isTaskLate(health: Pick<TaskHealth, "leading" | "intervalMs" | "lastSuccessAt" | "scheduledAt">, now: number): boolean {
  if (!health.leading) return false;
  return now - (health.lastSuccessAt ?? health.scheduledAt) > LATE_AFTER_INTERVALS * health.intervalMs;
}

/** What the Platform health page says of a task in one process. */
export const taskStates = ["ok", "starting", "failing", "late", "following"] as const;
export type TaskState = (typeof taskStates)[number];

export function taskStateOf(health: TaskHealth, now: number): TaskState {
  if (!health.leading) return "following";
  if (health.errorStreak > 0) return "failing";
  if (isTaskLate(health, now)) return "late";
  return health.lastSuccessAt === null ? "starting" : "ok";
}
