import { coveredMs, type ExternalKind, type Interval } from "./create-timing";
import { quantile } from "./queue-harness";

/** One create as the bench saw it (Node clock) and as the database recorded it (same machine's clock). */
export interface CreateSample {
  id: string;
  requestStart: number;
  requestEnd: number;
  /** The create operation's status at the end of the run. */
  status: string;
  attempts: number;
  jobCreated?: number;
  /** The last attempt's start (started_at is written by each lease). */
  jobStarted?: number;
  /** When the operation succeeded, in the transaction that made the cluster ready. */
  ready?: number;
  intervals: readonly Interval[];
}

const OVERHEAD_TARGET_MS = 1_000;
// What is not the platform's own time: helm, the apiservers, and the bench starting vCluster.
const EXTERNAL: readonly ExternalKind[] = ["helm", "host_api", "vcluster_api", "play"];

interface Row {
  name: string;
  values: number[];
}

function covered(s: CreateSample, kinds: readonly ExternalKind[], from: number, to: number): number {
  return coveredMs(s.intervals.filter((i) => kinds.includes(i.kind)), from, to);
}

/** How long the platform kept waiting for the control plane after the bench had written its Secret (its poll interval). */
function pollLag(s: CreateSample): number {
  const playEnd = Math.max(...s.intervals.filter((i) => i.kind === "play").map((i) => i.end));
  const waitEnd = Math.max(...s.intervals.filter((i) => i.kind === "control_plane_wait").map((i) => i.end));
  return Number.isFinite(playEnd) && Number.isFinite(waitEnd) ? Math.max(0, waitEnd - playEnd) : Number.NaN;
}

function rows(ok: readonly (CreateSample & { ready: number; jobStarted: number; jobCreated: number })[]): Row[] {
  const row = (name: string, f: (s: (typeof ok)[number]) => number): Row => ({ name, values: ok.map(f) });
  return [
    row("total (request → ready)", (s) => s.ready - s.requestStart),
    row("  request (createCluster returns)", (s) => s.requestEnd - s.requestStart),
    row("  queue wait (job created → started)", (s) => s.jobStarted - s.jobCreated),
    row("  helm (upgrade --install)", (s) => covered(s, ["helm"], s.requestStart, s.ready)),
    row("  host apiserver calls", (s) => covered(s, ["host_api"], s.requestStart, s.ready)),
    row("  bench playing vCluster (helm done → Secret)", (s) => covered(s, ["play"], s.requestStart, s.ready)),
    row("  control-plane wait after the Secret", pollLag),
    row("  vCluster apiserver calls (probe)", (s) => covered(s, ["vcluster_api"], s.requestStart, s.ready)),
    row("platform overhead (total − helm − apiservers − play)", (s) => s.ready - s.requestStart - covered(s, EXTERNAL, s.requestStart, s.ready)),
    row("  of it inside the job (started → ready)", (s) => s.ready - s.jobStarted - covered(s, EXTERNAL, s.jobStarted, s.ready)),
  ];
}

const ms = (v: number) => (Number.isFinite(v) ? Math.round(v).toString() : "-");

export function printCreateFigures(samples: readonly CreateSample[], run: { began: number; vclusterRssBytes?: number; maxVclustersUp: number }): void {
  const ok = samples.filter(
    (s): s is CreateSample & { ready: number; jobStarted: number; jobCreated: number } =>
      s.ready !== undefined && s.jobStarted !== undefined && s.jobCreated !== undefined,
  );
  const table = rows(ok);
  const width = Math.max(...table.map((r) => r.name.length));
  console.log(`\n${"figure (ms)".padEnd(width)} | ${"p50".padStart(7)} | ${"p95".padStart(7)} | ${"max".padStart(7)}`);
  console.log(`${"-".repeat(width)}-|-${"-".repeat(7)}-|-${"-".repeat(7)}-|-${"-".repeat(7)}`);
  for (const r of table) {
    console.log(`${r.name.padEnd(width)} | ${ms(quantile(r.values, 0.5)).padStart(7)} | ${ms(quantile(r.values, 0.95)).padStart(7)} | ${ms(Math.max(...r.values)).padStart(7)}`);
  }

  const lastReady = Math.max(...ok.map((s) => s.ready));
  const wallS = (lastReady - run.began) / 1000;
  const retried = samples.filter((s) => s.attempts > 1).length;
  console.log(`\nready ${ok.length}/${samples.length} (not ready: ${samples.filter((s) => s.ready === undefined).map((s) => `${s.id} ${s.status}`).join(", ") || "none"}; retried: ${retried})`);
  console.log(`wall time first request → last ready: ${wallS.toFixed(1)} s, ${(ok.length / wallS).toFixed(2)} creates/s`);
  const rss = run.vclusterRssBytes;
  console.log(
    `one played vCluster apiserver: ${rss === undefined ? "RSS not measured" : `${(rss / 2 ** 20).toFixed(0)} MiB RSS (×${samples.length} = ${((rss * samples.length) / 2 ** 30).toFixed(1)} GiB)`}; at most ${run.maxVclustersUp} up at once (each stopped once its cluster was ready)`,
  );
  for (const name of ["platform overhead (total − helm − apiservers − play)", "  of it inside the job (started → ready)"]) {
    const p95 = quantile(table.find((r) => r.name === name)?.values ?? [], 0.95);
    console.log(`target ${name.trim()} < ${OVERHEAD_TARGET_MS} ms per create: p95 ${ms(p95)} ms ${p95 < OVERHEAD_TARGET_MS ? "MET" : "MISS"}`);
  }
}
