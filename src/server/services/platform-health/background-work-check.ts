import type { ProcessView } from "@/server/services/background/process-view";
import type { CheckOutcome } from "./platform-health-view";

/**
 * The background_work check, from the processes' heartbeats: error when no process runs background work (cluster jobs,
 * re-checks and cleanups stop); warning when a process went silent, a task fails or is late where it runs, or a leader
 * task is led by no live process.
 */
export function checkBackgroundWork(processes: readonly ProcessView[]): CheckOutcome {
  const beating = processes.filter((p) => p.state === "beating");
  if (beating.length === 0) {
    return {
      status: "error",
      detail: processes.length > 0 ? `No process has written a heartbeat recently; the last one was ${processes[0]!.id} at ${processes[0]!.beat_at}.` : "No process runs background work.",
      nextStep:
        "Start kubebyon-worker (multi-node), or check that the web process runs job processing (single-node: no RabbitMQ configured) and that it reaches the database.",
    };
  }
  const problems: string[] = [];
  for (const p of processes.filter((p) => p.state === "silent")) problems.push(`${p.id} (${p.hostname}) is silent since ${p.beat_at}`);
  for (const p of beating) {
    for (const t of p.tasks) {
      if (t.state === "failing") problems.push(`${t.name} fails on ${p.id} (${t.error_streak} passes): ${t.last_error ?? "no message"}`);
      if (t.state === "late") problems.push(`${t.name} is late on ${p.id} (no success since ${t.last_success_at ?? p.started_at})`);
    }
  }
  const leaderTasks = new Set(beating.flatMap((p) => p.tasks.filter((t) => t.scope === "leader").map((t) => t.name)));
  const led = new Set(beating.flatMap((p) => p.tasks.filter((t) => t.scope === "leader" && t.state !== "following").map((t) => t.name)));
  for (const name of leaderTasks) if (!led.has(name)) problems.push(`${name} is led by no process yet`);
  const summary = `${beating.length} process${beating.length === 1 ? "" : "es"} run${beating.length === 1 ? "s" : ""} background work.`;
  if (problems.length === 0) return { status: "ok", detail: summary };
  return {
    status: "warning",
    detail: `${summary} ${problems.join("; ")}.`,
    nextStep: "Read the named process's log for the task (component background); a silent process stopped or cannot reach the database.",
  };
}
