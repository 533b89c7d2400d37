/**
 * Samples denials for the activity stream: at most one record per (cluster, reason) per window, each record carrying
 * how many denials were left out since the previous one. A controller retrying a refused pod every few seconds
 * would otherwise fill the stream. State is per process (each web replica samples on its own), so with N replicas
 * up to N records per window can appear; docs/admission-webhook.md says so.
 */
export class DenialSampler {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(private readonly windowMs: number = 60_000) {}

  /** Whether to record this denial now, and how many were suppressed before it. */
  take(clusterId: string, reason: string, now: Date): { record: true; suppressed: number } | { record: false } {
    const key = `${clusterId}\u0000${reason}`;
    const at = now.getTime();
    const entry = this.last.get(key);
    if (entry && at - entry.at < this.windowMs) {
      entry.suppressed += 1;
      return { record: false };
    }
    this.prune(at);
    this.last.set(key, { at, suppressed: 0 });
    return { record: true, suppressed: entry?.suppressed ?? 0 };
  }

  /** Forget windows long past whose suppressed count is zero, so the map does not grow with every cluster ever denied. */
  private prune(at: number): void {
    if (this.last.size < 1024) return;
    for (const [key, entry] of this.last) {
      if (at - entry.at >= this.windowMs && entry.suppressed === 0) this.last.delete(key);
    }
  }
}
