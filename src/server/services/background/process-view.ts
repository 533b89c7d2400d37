import { z } from "zod";
import type { ServiceDeps } from "@/server/services/service-deps";
import { taskStateOf, taskStates, type TaskHealth } from "./task-health";

/** A process is silent after this many heartbeat intervals without a beat (it died, or cannot reach the database). */
export const SILENT_AFTER_BEATS = 3;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const taskViewSchema = z.object({
  name: z.string(),
  scope: z.enum(["leader", "each-process"]),
  state: z.enum(taskStates),
  interval_seconds: z.number(),
  running: z.boolean(),
  last_start_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
  error_streak: z.number().int(),
  last_duration_ms: z.number().int().nullable(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

export const processViewSchema = z.object({
  id: z.string(),
  process: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  started_at: z.string(),
  beat_at: z.string(),
  /** silent: no beat for SILENT_AFTER_BEATS intervals; its tasks say what it last knew. */
  state: z.enum(["beating", "silent"]),
  tasks: z.array(taskViewSchema),
});
export type ProcessView = z.infer<typeof processViewSchema>;

/** The stored TaskHealth list, read defensively: a row written by another release may lack a field. */
const storedTasksSchema = z.array(
  z.object({
    name: z.string(),
    scope: z.enum(["leader", "each-process"]),
    intervalMs: z.number(),
    leading: z.boolean(),
    running: z.boolean(),
    scheduledAt: z.number(),
    lastStartAt: z.number().nullable(),
    lastSuccessAt: z.number().nullable(),
    lastErrorAt: z.number().nullable(),
    lastError: z.string().nullable(),
    errorStreak: z.number(),
    lastDurationMs: z.number().nullable(),
  }),
);

function toTaskView(health: TaskHealth, at: number): TaskView {
  return {
    name: health.name,
    scope: health.scope,
    state: taskStateOf(health, at),
    interval_seconds: health.intervalMs / 1_000,
    running: health.running,
    last_start_at: iso(health.lastStartAt),
    last_success_at: iso(health.lastSuccessAt),
    last_error_at: iso(health.lastErrorAt),
    last_error: health.lastError,
    error_streak: health.errorStreak,
    last_duration_ms: health.lastDurationMs === null ? null : Math.round(health.lastDurationMs),
  };
}

/**
 * Every process that runs background work, from the heartbeat rows, newest first. A task's state is judged at the
 * process's last beat: a silent process's tasks say what it last knew, and the process itself says it is silent.
 */
export async function listProcesses(deps: Pick<ServiceDeps, "db" | "now">): Promise<ProcessView[]> {
  const rows = await deps.db.processHeartbeat.findMany({ orderBy: [{ beatAt: "desc" }, { id: "asc" }], take: 100 });
  const now = deps.now().getTime();
  return rows.map((row) => {
    const stored = storedTasksSchema.safeParse(row.tasks);
    const beat = row.beatAt.getTime();
    return {
      id: row.id,
      process: row.process,
      hostname: row.hostname,
      pid: row.pid,
      started_at: row.startedAt.toISOString(),
      beat_at: row.beatAt.toISOString(),
      state: now - beat > SILENT_AFTER_BEATS * row.intervalMs ? "silent" : "beating",
      tasks: stored.success ? stored.data.map((task) => toTaskView(task, beat)) : [],
    };
  });
}
