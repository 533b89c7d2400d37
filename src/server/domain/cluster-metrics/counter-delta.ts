/**
 * Counter arithmetic between two scrapes. A counter that went down was reset (the apiserver restarted):
 * like Prometheus' rate(), the increase since the reset is the current value. A series absent from the
 * previous scrape was created since (counters start at 0), so its whole value is the increase.
 */
export function counterIncrease(previous: number | undefined, current: number): number {
  if (previous === undefined || current < previous) return current;
  return current - previous;
}

/** Per-second rate of an increase over `seconds`; null when no time passed (nothing measurable). */
export function ratePerSecond(increase: number, seconds: number): number | null {
  if (!(seconds > 0) || !Number.isFinite(increase)) return null;
  return increase / seconds;
}
