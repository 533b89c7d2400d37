import type { BadgeTone } from "@/components/ui/badge";
import type { DrainOutcome, NodeEventType, NodeItem } from "./cluster-types";

export const NODE_STATUS_TONE: Record<NodeItem["status"], BadgeTone> = {
  ready: "success",
  not_ready: "danger",
  unknown: "neutral",
};

/** Keyed by the events procedure's type enum, so a new event type fails `tsc` until it has a tone (and a label). */
export const NODE_EVENT_TONE: Record<NodeEventType, BadgeTone> = {
  joined: "info",
  ready: "success",
  not_ready: "danger",
  offline: "warning",
  cordoned: "warning",
  uncordoned: "neutral",
  deleted: "neutral",
};
export const NODE_EVENT_TYPES = Object.keys(NODE_EVENT_TONE) as NodeEventType[];

export function isNodeEventType(type: string): type is NodeEventType {
  return Object.hasOwn(NODE_EVENT_TONE, type);
}

export const DRAIN_OUTCOME_TONE: Record<DrainOutcome, BadgeTone> = {
  evicted: "success",
  skipped_daemonset: "neutral",
  skipped_mirror: "neutral",
  blocked_by_pdb: "warning",
  failed: "danger",
};

const AGE_UNITS = [
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
] as const;

/** A node's age the way kubectl's AGE column reads (largest whole unit), in the page's language. */
export function formatAge(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.floor(seconds));
  const match = AGE_UNITS.find((u) => whole >= u.seconds);
  const [unit, value] = match ? [match.unit, Math.floor(whole / match.seconds)] : (["second", whole] as const);
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "narrow" }).format(value);
}

/** A duration as its two largest whole units ("1d 3h", "5m 20s"; a zero second unit is left out), in the page's language. */
export function formatDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.floor(seconds));
  const units = [...AGE_UNITS, { unit: "second", seconds: 1 } as const];
  const found = units.findIndex((u) => whole >= u.seconds);
  const first = found === -1 ? units.length - 1 : found;
  const format = (unit: (typeof units)[number]["unit"], value: number) => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "narrow" }).format(value);
  const head = units[first]!;
  const headValue = Math.floor(whole / head.seconds);
  const next = units[first + 1];
  const nextValue = next ? Math.floor((whole - headValue * head.seconds) / next.seconds) : 0;
  return next && nextValue > 0 ? `${format(head.unit, headValue)} ${format(next.unit, nextValue)}` : format(head.unit, headValue);
}
