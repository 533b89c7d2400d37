import { z } from "zod";

// The subset of Kubernetes quantity syntax a ResourceQuota needs here: plain or milli CPU
// ("4", "1.5", "500m") and memory with a binary or decimal suffix ("8Gi", "512Mi", "1G").
const CPU = /^(?:\d+(?:\.\d+)?|\d+m)$/;
const MEMORY = /^\d+(?:\.\d+)?(?:Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;

const isPositive = (v: string) => Number.parseFloat(v) > 0;

export const cpuQuantitySchema = z
  .string()
  .trim()
  .refine((v) => CPU.test(v) && isPositive(v), { error: 'cpu_quota must be a Kubernetes CPU quantity such as "4", "1.5" or "500m".' });

export const memoryQuantitySchema = z
  .string()
  .trim()
  .refine((v) => MEMORY.test(v) && isPositive(v), { error: 'memory_quota must be a Kubernetes memory quantity such as "8Gi" or "512Mi".' });

/** The cluster job applies a ResourceQuota only with both values (control-plane-steps.ts), so a plan has both or neither. */
export function quotaPairProblem(cpu: string | null, memory: string | null): string | null {
  return (cpu === null) === (memory === null)
    ? null
    : "Set cpu_quota and memory_quota together (both become the cluster namespace's ResourceQuota), or leave both empty.";
}
