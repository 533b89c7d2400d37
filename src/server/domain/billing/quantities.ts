import { z } from "zod";

/**
 * Kubernetes resource quantities (k8s.io/apimachinery resource.Quantity): a number ("4", "1.5", ".5")
 * with a binary suffix (Ki Mi Gi Ti Pi Ei), a decimal one (n u m k M G T P E) or an exponent ("1e3").
 * Kept exact as a fraction, so "1Gi" and "1073741824" compare equal and "0.1" equals "100m".
 */
export interface Quantity {
  /** The text as written (trimmed), for messages. */
  text: string;
  numerator: bigint;
  denominator: bigint;
}

const SYNTAX = /^\+?(\d+\.?\d*|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;
const BINARY: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

/** Parses a quantity, or null when it is not Kubernetes quantity syntax (negative numbers included). */
export function parseQuantity(input: string): Quantity | null {
  const text = input.trim();
  const match = SYNTAX.exec(text);
  if (!match) return null;
  const [, number = "", suffix = ""] = match;
  const [whole = "", fraction = ""] = number.split(".");
  let numerator = BigInt((whole || "0") + fraction);
  let denominator = 10n ** BigInt(fraction.length);
  let exponent = 0;
  if (suffix in BINARY) numerator *= 1024n ** BigInt(BINARY[suffix] ?? 0);
  else if (suffix in DECIMAL) exponent = DECIMAL[suffix] ?? 0;
  else if (suffix) exponent = Number.parseInt(suffix.slice(1), 10);
  if (exponent > 0) numerator *= 10n ** BigInt(exponent);
  else if (exponent < 0) denominator *= 10n ** BigInt(-exponent);
  return { text, numerator, denominator };
}

/** -1, 0 or 1 as a is smaller than, equal to or larger than b. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The larger of two quantities (the first when equal). */
export function maxQuantity(a: Quantity, b: Quantity): Quantity {
  return compareQuantities(b, a) > 0 ? b : a;
}

const isPositive = (q: Quantity | null): q is Quantity => q !== null && q.numerator > 0n;

/** CPU as people write it: cores ("4", "1.5") or millicores ("500m"). */
const CPU = /^(?:\d+(?:\.\d+)?|\d+m)$/;
/** Bytes: a whole or decimal number with a binary or decimal suffix ("8Gi", "512Mi", "1G", "1073741824"), no milli-bytes. */
const BYTES = /^\d+(?:\.\d+)?(?:Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;

/** A positive CPU quantity named `field` in its error message. */
export function cpuQuantity(field: string) {
  return z
    .string()
    .trim()
    .refine((v) => CPU.test(v) && isPositive(parseQuantity(v)), { error: `${field} must be a Kubernetes CPU quantity such as "4", "1.5" or "500m".` });
}

/** A positive byte quantity (memory, ephemeral storage, a volume) named `field` in its error message. */
export function byteQuantity(field: string, kind: "memory" | "storage") {
  return z
    .string()
    .trim()
    .refine((v) => BYTES.test(v) && isPositive(parseQuantity(v)), { error: `${field} must be a Kubernetes ${kind} quantity such as "8Gi" or "512Mi".` });
}

export const cpuQuantitySchema = cpuQuantity("cpu_quota");
export const memoryQuantitySchema = byteQuantity("memory_quota", "memory");

/** The cluster job caps CPU and memory of the host namespace together (control-plane-quota.ts), so a plan has both or neither. */
export function quotaPairProblem(cpu: string | null, memory: string | null): string | null {
  return (cpu === null) === (memory === null)
    ? null
    : "Set cpu_quota and memory_quota together (both cap the cluster's host namespace in its ResourceQuota), or leave both empty.";
}
