import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { TaskPassObserver } from "@/server/services/background/task-scheduler";

const observers = new WeakMap<Registry, TaskPassObserver>();

/**
 * The background engine's per-task metrics of one process (docs/background-tasks.md): what the PrometheusRule's
 * "task failing" and "task late" alerts read. Timestamps are epoch seconds, so `time() - …` is an age.
 */
export function createTaskMetrics(registry: Registry): TaskPassObserver {
  // One set per registry: a process that starts its background work again (tests) records into the same series.
  const existing = observers.get(registry);
  if (existing) return existing;
  const labelNames = ["task"] as const;
  const runs = new Counter({ name: "kubebyon_task_runs_total", help: "Background task passes that ended, by outcome.", labelNames: ["task", "outcome"], registers: [registry] });
  const duration = new Histogram({
    name: "kubebyon_task_duration_seconds",
    help: "How long a background task's pass took.",
    labelNames,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const lastStart = new Gauge({ name: "kubebyon_task_last_start_timestamp_seconds", help: "When the task's last pass started (epoch seconds).", labelNames, registers: [registry] });
  const lastSuccess = new Gauge({ name: "kubebyon_task_last_success_timestamp_seconds", help: "When the task's last successful pass ended (epoch seconds).", labelNames, registers: [registry] });
  const streak = new Gauge({ name: "kubebyon_task_error_streak", help: "Failed passes of the task since its last success.", labelNames, registers: [registry] });
  const interval = new Gauge({ name: "kubebyon_task_interval_seconds", help: "The task's interval between passes.", labelNames, registers: [registry] });
  const leading = new Gauge({ name: "kubebyon_task_leading", help: "1 when this process runs the task's timed passes (each-process tasks, or the leader of a leader task).", labelNames, registers: [registry] });
  const observer: TaskPassObserver = {
    leadingChanged(health) {
      interval.set({ task: health.name }, health.intervalMs / 1_000);
      leading.set({ task: health.name }, health.leading ? 1 : 0);
      streak.set({ task: health.name }, health.errorStreak);
    },
    passStarted(health) {
      if (health.lastStartAt !== null) lastStart.set({ task: health.name }, health.lastStartAt / 1_000);
    },
    passEnded(health, outcome) {
      runs.inc({ task: health.name, outcome });
      if (health.lastDurationMs !== null) duration.observe({ task: health.name }, health.lastDurationMs / 1_000);
      if (health.lastSuccessAt !== null) lastSuccess.set({ task: health.name }, health.lastSuccessAt / 1_000);
      streak.set({ task: health.name }, health.errorStreak);
    },
  };
  observers.set(registry, observer);
  return observer;
}
