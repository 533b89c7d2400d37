import { z } from "zod";
import { maxQuantity, parseQuantity, type Quantity } from "@/server/domain/billing/quantities";

/**
 * A pod's cpu/memory requests the way the scheduler counts them (k8s.io/component-helpers resource.PodRequests):
 * the sum over its containers, raised to the largest init container (plus the sidecars started before it, since
 * restartPolicy: Always init containers keep running), plus spec.overhead. A container without requests counts 0
 * (the apiserver has already defaulted requests from limits before admission webhooks see the pod).
 */
const resourceList = z.record(z.string(), z.union([z.string(), z.number()])).optional();
const containerSchema = z.object({
  name: z.string().optional(),
  resources: z.object({ requests: resourceList }).optional(),
  restartPolicy: z.string().optional(),
  securityContext: z.object({ privileged: z.boolean().nullish() }).nullish(),
});

export const podSpecSchema = z.object({
  containers: z.array(containerSchema).default([]),
  initContainers: z.array(containerSchema).nullish(),
  ephemeralContainers: z.array(containerSchema).nullish(),
  overhead: resourceList.nullable(),
  hostNetwork: z.boolean().nullish(),
  hostPID: z.boolean().nullish(),
  hostIPC: z.boolean().nullish(),
  volumes: z.array(z.object({ name: z.string().optional(), hostPath: z.unknown().optional() })).nullish(),
});

export type PodSpec = z.infer<typeof podSpecSchema>;
type Container = z.infer<typeof containerSchema>;

export interface PodRequests {
  cpu: Quantity;
  memory: Quantity;
}

const ZERO: Quantity = { text: "0", numerator: 0n, denominator: 1n };

/** Exact sum of two quantities (the text is not meaningful; format with formatCpu/formatMemory). */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  return { text: "", numerator: a.numerator * b.denominator + b.numerator * a.denominator, denominator: a.denominator * b.denominator };
}

/** A request value as a quantity; unparsable text counts 0 (the apiserver validated the pod before us). */
function quantityOf(value: string | number | undefined): Quantity {
  if (value === undefined) return ZERO;
  return parseQuantity(String(value)) ?? ZERO;
}

function requestsOf(list: Record<string, string | number> | null | undefined): PodRequests {
  return { cpu: quantityOf(list?.cpu), memory: quantityOf(list?.memory) };
}

const add = (a: PodRequests, b: PodRequests): PodRequests => ({ cpu: addQuantities(a.cpu, b.cpu), memory: addQuantities(a.memory, b.memory) });
const max = (a: PodRequests, b: PodRequests): PodRequests => ({ cpu: maxQuantity(a.cpu, b.cpu), memory: maxQuantity(a.memory, b.memory) });
const containerRequests = (c: Container) => requestsOf(c.resources?.requests);

export const NO_REQUESTS: PodRequests = { cpu: ZERO, memory: ZERO };

export function podRequests(spec: PodSpec): PodRequests {
  let total = spec.containers.reduce((sum, c) => add(sum, containerRequests(c)), NO_REQUESTS);
  let sidecars = NO_REQUESTS;
  let initPeak = NO_REQUESTS;
  for (const init of spec.initContainers ?? []) {
    const own = containerRequests(init);
    // While an init container runs, the sidecars started before it run too.
    initPeak = max(initPeak, add(sidecars, own));
    if (init.restartPolicy === "Always") {
      sidecars = add(sidecars, own);
      total = add(total, own);
    }
  }
  return add(max(total, initPeak), requestsOf(spec.overhead));
}

/** The running total the usage reader keeps over every counted pod. */
export const addRequests = add;

/** CPU for messages: whole cores ("2") or millicores ("1500m"), rounded up to the millicore. */
export function formatCpu(q: Quantity): string {
  const milli = (q.numerator * 1000n + q.denominator - 1n) / q.denominator;
  return milli % 1000n === 0n ? `${milli / 1000n}` : `${milli}m`;
}

const UNITS: Array<[string, bigint]> = [
  ["Ti", 1024n ** 4n],
  ["Gi", 1024n ** 3n],
  ["Mi", 1024n ** 2n],
  ["Ki", 1024n],
];

/** Memory for messages in the largest binary unit with up to one decimal ("1.5Gi", "512Mi"), rounded up. */
export function formatMemory(q: Quantity): string {
  const bytes = (q.numerator + q.denominator - 1n) / q.denominator;
  for (const [unit, size] of UNITS) {
    if (bytes >= size) {
      const tenths = (bytes * 10n + size - 1n) / size;
      return tenths % 10n === 0n ? `${tenths / 10n}${unit}` : `${Number(tenths) / 10}${unit}`;
    }
  }
  return `${bytes}`;
}
