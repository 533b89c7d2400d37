import { z } from "zod";
import type { SharedGatewayRef } from "./control-plane-tls-route";

/**
 * What the Gateway controller reported about a TLSRoute, read from `status.parents[]` (one entry
 * per Gateway the route names, written by that Gateway's controller). The conditions the platform
 * reads are the Gateway API's route conditions: Accepted (the Gateway's listener takes the route)
 * and ResolvedRefs (the backend Service and port exist and are allowed).
 */

const conditionSchema = z.object({
  type: z.string(),
  status: z.enum(["True", "False", "Unknown"]),
  reason: z.string().optional().default(""),
  message: z.string().optional().default(""),
  observedGeneration: z.number().int().optional(),
});

const parentSchema = z.object({
  controllerName: z.string().optional().default(""),
  parentRef: z.object({
    name: z.string(),
    namespace: z.string().optional(),
    sectionName: z.string().optional(),
    kind: z.string().optional(),
  }),
  conditions: z.array(conditionSchema).optional().default([]),
});

const statusSchema = z.object({ parents: z.array(parentSchema).optional().default([]) });

export interface RouteCondition {
  status: "True" | "False" | "Unknown";
  reason: string;
  message: string;
  /** False when the controller reported on an older generation of the route (the spec changed since). */
  current: boolean;
}

export interface TlsRouteParentReport {
  controllerName: string;
  gateway: { namespace: string; name: string; sectionName?: string };
  /** null when the controller has not set the condition. */
  accepted: RouteCondition | null;
  resolvedRefs: RouteCondition | null;
}

export type TlsRouteStatusReport =
  /** No parent entry for the shared Gateway: no controller runs, or it has not got to the route yet. */
  | { kind: "not_reported"; message: string }
  /** Accepted and ResolvedRefs are True for the current generation. */
  | { kind: "accepted"; parent: TlsRouteParentReport; message: string }
  /** A condition is False: the controller refused the route; `message` says which and why. */
  | { kind: "rejected"; parent: TlsRouteParentReport; message: string }
  /** Reported, but a condition is missing, Unknown, or about an older generation. */
  | { kind: "pending"; parent: TlsRouteParentReport; message: string };

function condition(conditions: z.infer<typeof conditionSchema>[], type: string, generation: number | undefined): RouteCondition | null {
  const found = conditions.find((c) => c.type === type);
  if (!found) return null;
  const current = generation === undefined || found.observedGeneration === undefined || found.observedGeneration >= generation;
  return { status: found.status, reason: found.reason, message: found.message, current };
}

const describeGateway = (g: TlsRouteParentReport["gateway"]) => `Gateway ${g.namespace}/${g.name}${g.sectionName ? ` (listener ${g.sectionName})` : ""}`;

function said(c: RouteCondition): string {
  return [c.reason, c.message].filter((s) => s !== "").join(": ") || "no reason given";
}

/**
 * Reads `status` (as the API returned it; anything unexpected reads as not reported) for the
 * entry of the shared Gateway. `generation` is the route's metadata.generation, so a report about
 * an earlier spec is not taken for the current one.
 */
export function readTlsRouteStatus(input: {
  status: unknown;
  generation?: number;
  routeNamespace: string;
  gateway: SharedGatewayRef;
}): TlsRouteStatusReport {
  const parsed = statusSchema.safeParse(input.status ?? {});
  const parents = parsed.success ? parsed.data.parents : [];
  const mine = parents.find(
    (p) =>
      (p.parentRef.kind ?? "Gateway") === "Gateway" &&
      p.parentRef.name === input.gateway.name &&
      (p.parentRef.namespace ?? input.routeNamespace) === input.gateway.namespace &&
      (input.gateway.sectionName === undefined || p.parentRef.sectionName === input.gateway.sectionName),
  );
  const gatewayText = `Gateway ${input.gateway.namespace}/${input.gateway.name}`;
  if (!mine) {
    return {
      kind: "not_reported",
      message: `no controller has reported on the route yet: check that a Gateway API controller runs and serves ${gatewayText}`,
    };
  }
  const parent: TlsRouteParentReport = {
    controllerName: mine.controllerName,
    gateway: {
      namespace: mine.parentRef.namespace ?? input.routeNamespace,
      name: mine.parentRef.name,
      ...(mine.parentRef.sectionName ? { sectionName: mine.parentRef.sectionName } : {}),
    },
    accepted: condition(mine.conditions, "Accepted", input.generation),
    resolvedRefs: condition(mine.conditions, "ResolvedRefs", input.generation),
  };
  const where = describeGateway(parent.gateway);
  if (parent.accepted?.status === "False" && parent.accepted.current) {
    return { kind: "rejected", parent, message: `${where} did not accept the route (${said(parent.accepted)})` };
  }
  if (parent.resolvedRefs?.status === "False" && parent.resolvedRefs.current) {
    return { kind: "rejected", parent, message: `${where} cannot resolve the route's backend Service (${said(parent.resolvedRefs)})` };
  }
  const pending = (["accepted", "resolvedRefs"] as const).find((k) => parent[k]?.status !== "True" || !parent[k].current);
  if (pending) {
    const name = pending === "accepted" ? "Accepted" : "ResolvedRefs";
    const c = parent[pending];
    const state = !c ? "not reported yet" : !c.current ? "reported for an older version of the route" : `${c.status} (${said(c)})`;
    return { kind: "pending", parent, message: `${where}: ${name} is ${state}` };
  }
  return { kind: "accepted", parent, message: `${where} accepted the route and resolved its backend` };
}
