import type { ChartUnit } from "./metric-chart-groups";

/** The unit a formatted figure is shown in: a chart's own, or seconds for a latency of a second or more. */
export type DisplayUnit = ChartUnit | "seconds";

/**
 * A figure for the latest-value table and the tooltip: rates keep two decimals below 10 req/s (a
 * quiet cluster answers 0.25 req/s), latencies of a second or more switch to seconds, node and
 * object counts are whole numbers, inflight requests (an average over a bucket) keep one decimal.
 * `rounded` is the number `text` shows, for messages that choose a plural form by it.
 */
export function formatMetricValue(value: number, unit: ChartUnit, locale: string): { text: string; rounded: number; unit: DisplayUnit } {
  const shown = unit === "ms" && value >= 1000 ? { value: value / 1000, unit: "seconds" as const, digits: 2 } : { value, unit, digits: fractionDigits(value, unit) };
  const factor = 10 ** shown.digits;
  const rounded = Math.round(shown.value * factor) / factor;
  return { text: new Intl.NumberFormat(locale, { maximumFractionDigits: shown.digits }).format(rounded), rounded, unit: shown.unit };
}

function fractionDigits(value: number, unit: ChartUnit): number {
  if (unit === "ms" || unit === "reqPerSecond") return value < 10 ? 2 : 1;
  return unit === "requests" ? 1 : 0;
}

/** Axis ticks: short (1.2K, 3.4M), the axis title names the unit. */
export function formatAxisValue(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/**
 * Time axis ticks in the viewer's time zone: clock time for ranges up to a day, month and day beyond.
 */
export function formatTimeTick(ms: number, showDates: boolean, locale: string): string {
  const options: Intl.DateTimeFormatOptions = showDates ? { month: "short", day: "numeric" } : { hour: "2-digit", minute: "2-digit", hour12: false };
  return new Intl.DateTimeFormat(locale, options).format(new Date(ms));
}

/** Tooltip header: date and time to the minute. */
export function formatTooltipTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}
