import type { QueueResult } from "./queue-harness";

/** A result with the `--only` label of the system that produced it, so ratios never depend on display names. */
export interface LabelledResult {
  label: string;
  result: QueueResult;
}

const ms = (n: number) => (Number.isNaN(n) ? "-" : `${Math.round(n)}`);

/** 456x, 1.27x, 0.0024x: enough digits to read a small ratio, none wasted on a large one; "-" when undefined. */
function times(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return "-";
  if (n >= 100) return `${n.toFixed(0)}x`;
  if (n >= 0.1) return `${n.toFixed(2)}x`;
  return `${n.toPrecision(2)}x`;
}

/**
 * Ratio columns against both of our variants, oriented so that above 1x ours is better in every column:
 * jobs/s is ours÷theirs (more is better), idle p50 is theirs÷ours (less is better).
 */
export function printTable(results: LabelledResult[], maxDrainMs: number): void {
  const ours = results.find((r) => r.label === "ours")?.result;
  const wake = results.find((r) => r.label === "ours_wake")?.result;
  const throughput = (base: QueueResult | undefined, r: QueueResult) =>
    base && base !== r ? times(base.jobsPerSec / r.jobsPerSec) : "";
  const pickup = (base: QueueResult | undefined, r: QueueResult) =>
    base && base !== r ? times(r.steady.p50 / base.steady.p50) : "";
  const rows = results.map(({ result: r }) => [
    r.name,
    `${Math.round(r.enqueuePerSec)}`,
    `${r.drained}${r.capped ? ` (cap ${maxDrainMs / 1000} s)` : ""}`,
    r.jobsPerSec.toFixed(1),
    throughput(ours, r),
    throughput(wake, r),
    `${ms(r.steady.p50)} / ${ms(r.steady.p99)}`,
    pickup(ours, r),
    pickup(wake, r),
    `${ms(r.backlog.p50)} / ${ms(r.backlog.p99)}`,
  ]);
  const header = [
    "queue",
    "enqueue/s",
    "drained",
    "jobs/s",
    "jobs/s ours(poll)/theirs",
    "jobs/s ours(wake)/theirs",
    "idle p50/p99 ms",
    "idle p50 theirs/ours(poll)",
    "idle p50 theirs/ours(wake)",
    "backlog p50/p99 ms",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}
