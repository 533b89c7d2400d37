/**
 * Whether a Gateway API controller took a route the platform wrote (HTTPRoute of the workload edge, TLSRoute of a
 * control plane), judged from what the controller itself wrote: the route's status.parents[] entry for our Gateway
 * and the Gateway's status.listeners[] entry for the listener the route attaches to. Applying an object only proves
 * that the apiserver stored it; traffic flows once the controller accepted the route and programmed the listener.
 * Shapes as Gateway API v1 writes them (standard channel, v1.6).
 */

export type RouteVerdictStatus = "pending" | "ready" | "error";

export interface RouteVerdict {
  status: RouteVerdictStatus;
  message: string;
}

export interface GatewayApiCondition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

export interface GatewayApiParentRef {
  group?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  sectionName?: string;
}

/** A route as read back: metadata.generation and status.parents[]. */
export interface RouteStatusView {
  kind: string;
  namespace: string;
  name: string;
  generation?: number;
  parents: ReadonlyArray<{ parentRef?: GatewayApiParentRef; controllerName?: string; conditions?: readonly GatewayApiCondition[] }>;
}

/** The Gateway as read back: its class, metadata.generation and status.listeners[]. */
export interface GatewayStatusView {
  namespace: string;
  name: string;
  gatewayClassName: string;
  generation?: number;
  listeners: ReadonlyArray<{ name?: string; conditions?: readonly GatewayApiCondition[] }>;
}

/** The parent the platform names in the route's spec.parentRefs. */
export interface OurParent {
  namespace: string;
  name: string;
  /** The listener; unset (a TLSRoute on a Gateway without KUBEBYON_GATEWAY_LISTENER) attaches to every listener that allows the route. */
  sectionName?: string;
}

const GATEWAY_GROUP = "gateway.networking.k8s.io";

/** A parentRef in status names our parent when group/kind default to Gateway and namespace to the route's own. */
function sameParent(ref: GatewayApiParentRef | undefined, ours: OurParent, routeNamespace: string): boolean {
  if (!ref) return false;
  return (
    (ref.group ?? GATEWAY_GROUP) === GATEWAY_GROUP &&
    (ref.kind ?? "Gateway") === "Gateway" &&
    ref.name === ours.name &&
    (ref.namespace ?? routeNamespace) === ours.namespace &&
    (ref.sectionName ?? "") === (ours.sectionName ?? "")
  );
}

/**
 * A condition counts only when it was written for the object's current spec: a controller stamps the generation it
 * looked at, and an Accepted from before the last change says nothing about the current rules.
 */
function current(conditions: readonly GatewayApiCondition[] | undefined, type: string, generation: number | undefined): GatewayApiCondition | undefined {
  const c = conditions?.find((x) => x.type === type);
  if (!c) return undefined;
  if (c.observedGeneration !== undefined && generation !== undefined && c.observedGeneration < generation) return undefined;
  return c;
}

const why = (c: GatewayApiCondition) => [c.reason, c.message].filter((s): s is string => typeof s === "string" && s !== "").join(": ") || `${c.type}=${c.status ?? "Unknown"}`;

/** Judges one route on one of its parents. */
export function judgeRoute(route: RouteStatusView, ours: OurParent, gateway: GatewayStatusView | null): RouteVerdict {
  const id = `${route.kind} ${route.namespace}/${route.name}`;
  const lookRoute = `kubectl -n ${route.namespace} get ${route.kind.toLowerCase()} ${route.name} -o yaml`;
  const lookGateway = `kubectl -n ${ours.namespace} get gateway ${ours.name} -o yaml`;
  if (!gateway) return { status: "error", message: `Gateway ${ours.namespace}/${ours.name} does not exist, so ${id} is attached to nothing: ${lookGateway}` };
  const entry = route.parents.find((p) => sameParent(p.parentRef, ours, route.namespace));
  const accepted = current(entry?.conditions, "Accepted", route.generation);
  if (!entry || !accepted) {
    const seen = entry ? "its status for our Gateway predates the route's current spec" : route.parents.length === 0 ? "status.parents is empty" : "status.parents has no entry for our Gateway";
    return {
      status: "pending",
      message: `No Gateway controller has accepted ${id} ${ours.sectionName ? `on listener ${ours.sectionName}` : `on Gateway ${ours.namespace}/${ours.name}`} yet (${seen}); check that a controller for GatewayClass ${gateway.gatewayClassName} runs: ${lookRoute}`,
    };
  }
  if (accepted.status !== "True") return { status: "error", message: `The Gateway controller did not accept ${id} (Accepted=${accepted.status ?? "Unknown"}, ${why(accepted)}): ${lookRoute}` };
  const resolved = current(entry.conditions, "ResolvedRefs", route.generation);
  if (!resolved) return { status: "pending", message: `The Gateway controller accepted ${id} but has not resolved its backends yet: ${lookRoute}` };
  if (resolved.status !== "True") return { status: "error", message: `The Gateway controller cannot resolve the backends of ${id} (ResolvedRefs=${resolved.status ?? "Unknown"}, ${why(resolved)}): ${lookRoute}` };
  if (ours.sectionName) return judgeListener(gateway, ours.sectionName, id);
  // No listener named: the route attaches to every listener that admits it; one of them must carry traffic.
  const verdicts = gateway.listeners.map((l) => judgeListener(gateway, l.name ?? "", id));
  return verdicts.find((v) => v.status === "ready") ?? worstVerdict(verdicts) ?? judgeListener(gateway, "(any)", id);
}

/** Judges the Gateway's listener a route attaches to: it carries traffic once Programmed=True. */
export function judgeListener(gateway: GatewayStatusView, listenerName: string, forWhat: string): RouteVerdict {
  const where = `listener ${listenerName} of Gateway ${gateway.namespace}/${gateway.name}`;
  const look = `kubectl -n ${gateway.namespace} get gateway ${gateway.name} -o yaml (status.listeners)`;
  const listener = gateway.listeners.find((l) => l.name === listenerName);
  const programmed = current(listener?.conditions, "Programmed", gateway.generation);
  if (!listener || !programmed) {
    return { status: "pending", message: `${forWhat} is accepted, but no controller reports ${where} as Programmed yet (GatewayClass ${gateway.gatewayClassName}): ${look}` };
  }
  // A listener the controller refused or could not resolve (e.g. a missing certificate Secret) says why on those conditions.
  for (const type of ["Accepted", "ResolvedRefs"]) {
    const c = current(listener.conditions, type, gateway.generation);
    if (c && c.status !== "True") return { status: "error", message: `${where} is not usable (${type}=${c.status ?? "Unknown"}, ${why(c)}): ${look}` };
  }
  if (programmed.status !== "True") return { status: "error", message: `${where} is not programmed (Programmed=${programmed.status ?? "Unknown"}, ${why(programmed)}): ${look}` };
  return { status: "ready", message: `${forWhat} is accepted and ${where} is programmed.` };
}

const rank: Record<RouteVerdictStatus, number> = { ready: 0, pending: 1, error: 2 };

/** Several routes (or parents) serve one cluster: the worst verdict speaks for all, the first of its kind named. */
export function worstVerdict(verdicts: readonly RouteVerdict[]): RouteVerdict | null {
  let worst: RouteVerdict | null = null;
  for (const v of verdicts) if (!worst || rank[v.status] > rank[worst.status]) worst = v;
  return worst;
}
