import { CustomObjectsApi, PatchStrategy, setHeaderOptions, Watch, type KubeConfig } from "@kubernetes/client-node";
import {
  ROUTE_PLAN_GROUP,
  ROUTE_PLAN_KIND,
  ROUTE_PLAN_PLURAL,
  ROUTE_PLAN_VERSION,
  routePlanSpecSchema,
  type AppliedCondition,
} from "@/server/domain/pod-routes/route-plan-resource";
import type { NodeRoutePlan, NodeRoutePlanAccess, NodeRoutePlanEvent } from "@/server/services/pod-routes/ports";
import { callOptions, KubeApiError, kubeStatusOf, pause } from "./kube-calls";
import { RoutePlanCrdMissingError, routePlanTypeNotServed } from "./route-plan-store";
import { Inbox, withInactivityLimit, type ConnectionItem } from "./watch-inbox";

/** The route agent's field manager on the plan's status (the platform owns the spec under its own). */
export const ROUTE_AGENT_FIELD_MANAGER = "kubebyon-route-agent";
const STALE_GRACE_MS = 15_000;
const plan = { group: ROUTE_PLAN_GROUP, version: ROUTE_PLAN_VERSION, plural: ROUTE_PLAN_PLURAL };

/** The plan exists but its spec is not a route list: written by hand past the CRD's schema (or the CRD is older). */
export class RoutePlanInvalidError extends Error {
  constructor(nodeName: string, detail: string) {
    super(`route plan ${nodeName} has an invalid spec (${detail}): reinstall the chart's crds/workloadpodcidrnoderouteplans.yaml; the platform rewrites the plan at its next pass`);
    this.name = "RoutePlanInvalidError";
  }
}

interface PlanObject {
  metadata?: { generation?: number };
  spec?: unknown;
  status?: { conditions?: Array<Partial<AppliedCondition> & { type?: string }> };
}

export interface KubeNodeRoutePlanAccessOptions {
  timeoutMs?: number;
  /** Asks the API server to end each watch after this long (then it reconnects). Default 300 s. */
  watchTimeoutSeconds?: number;
  /** Reconnect delay after a failure: doubles from `initialMs` up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
}

function appliedOf(object: PlanObject): AppliedCondition | null {
  const found = object.status?.conditions?.find((c) => c.type === "Applied");
  if (!found || (found.status !== "True" && found.status !== "False")) return null;
  return {
    type: "Applied",
    status: found.status,
    reason: found.reason ?? "",
    message: found.message ?? "",
    observedGeneration: found.observedGeneration ?? 0,
    ...(found.lastTransitionTime ? { lastTransitionTime: String(found.lastTransitionTime) } : {}),
  };
}

/** One node's route plan on the host cluster, for that node's route agent. */
export class KubeNodeRoutePlanAccess implements NodeRoutePlanAccess {
  private readonly custom: CustomObjectsApi;
  private readonly timeoutMs: number;
  private readonly watchTimeoutSeconds: number;
  private readonly backoff: { initialMs: number; maxMs: number };

  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly nodeName: string,
    opts: KubeNodeRoutePlanAccessOptions = {},
  ) {
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi);
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.watchTimeoutSeconds = opts.watchTimeoutSeconds ?? 300;
    this.backoff = opts.backoff ?? { initialMs: 500, maxMs: 30_000 };
  }

  async read(): Promise<NodeRoutePlan | null> {
    let object: PlanObject;
    try {
      object = (await this.custom.getClusterCustomObject({ ...plan, name: this.nodeName }, callOptions({ timeoutMs: this.timeoutMs }))) as PlanObject;
    } catch (err) {
      if (kubeStatusOf(err) === 404 && !routePlanTypeNotServed(err)) return null;
      throw this.failure(err, `reading route plan ${this.nodeName}`);
    }
    const spec = routePlanSpecSchema.safeParse(object.spec ?? {});
    if (!spec.success) throw new RoutePlanInvalidError(this.nodeName, spec.error.issues[0]?.message ?? "not a route list");
    return { routes: spec.data.routes, generation: object.metadata?.generation ?? 0, applied: appliedOf(object) };
  }

  async writeStatus(condition: AppliedCondition): Promise<void> {
    try {
      await this.custom.patchClusterCustomObjectStatus(
        {
          ...plan,
          name: this.nodeName,
          // conditions is a map list keyed by type: applying Applied leaves other writers' conditions alone.
          body: { apiVersion: `${ROUTE_PLAN_GROUP}/${ROUTE_PLAN_VERSION}`, kind: ROUTE_PLAN_KIND, metadata: { name: this.nodeName }, status: { conditions: [condition] } },
          fieldManager: ROUTE_AGENT_FIELD_MANAGER,
          force: true,
        },
        setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply, callOptions({ timeoutMs: this.timeoutMs })),
      );
    } catch (err) {
      // Deleted since it was read: the watch reports it and the next pass converges to no routes.
      if (kubeStatusOf(err) === 404 && !routePlanTypeNotServed(err)) return;
      throw this.failure(err, `writing the status of route plan ${this.nodeName}`);
    }
  }

  /**
   * Watches the one plan (fieldSelector metadata.name). Every connection starts from the current state (the
   * server replays the plan as ADDED), so after a failure nothing is missed except a deletion, which is why a
   * reconnect after a failure is itself reported as a change. A connection silent past the server's timeout is
   * dead (NAT or proxy dropped it) and is replaced.
   */
  async *changes(signal: AbortSignal): AsyncGenerator<NodeRoutePlanEvent> {
    const staleAfterMs = this.watchTimeoutSeconds * 1000 + STALE_GRACE_MS;
    const watch = withInactivityLimit(new Watch(this.kubeConfig), staleAfterMs + STALE_GRACE_MS);
    let delayMs = this.backoff.initialMs;
    let afterFailure = false;
    while (!signal.aborted) {
      const inbox = new Inbox<ConnectionItem>();
      const connection = watch.watch(
        `/apis/${ROUTE_PLAN_GROUP}/${ROUTE_PLAN_VERSION}/${ROUTE_PLAN_PLURAL}`,
        { fieldSelector: `metadata.name=${this.nodeName}`, allowWatchBookmarks: true, timeoutSeconds: this.watchTimeoutSeconds },
        (type: string, object: unknown) => inbox.push({ kind: "event", type, object }),
        (error: unknown) => inbox.push({ kind: "end", error }),
      );
      const watchdog = setTimeout(
        () => inbox.push({ kind: "end", error: new Error(`no data and no close ${STALE_GRACE_MS / 1000} s after the ${this.watchTimeoutSeconds} s watch timeout; treating the connection as dead`) }),
        staleAfterMs,
      );
      let failure: Error | null = null;
      try {
        if (afterFailure) yield { type: "changed" };
        for (;;) {
          const item = await inbox.take(signal);
          if (item === undefined) return;
          if (item.kind === "end") {
            if (item.error !== null && item.error !== undefined) failure = this.failure(item.error, `watching route plan ${this.nodeName}`);
            break;
          }
          if (item.type === "ERROR") {
            failure = this.failure(item.object ?? {}, `watching route plan ${this.nodeName}`);
            break;
          }
          if (item.type === "ADDED" || item.type === "MODIFIED" || item.type === "DELETED") {
            delayMs = this.backoff.initialMs;
            afterFailure = false;
            yield { type: "changed" };
          }
        }
      } finally {
        clearTimeout(watchdog);
        void connection.then((controller) => controller.abort(), () => undefined);
      }
      if (failure) {
        afterFailure = true;
        yield { type: "error", error: failure };
        await pause(delayMs, signal);
        delayMs = Math.min(delayMs * 2, this.backoff.maxMs);
      }
    }
  }

  private failure(err: unknown, action: string): Error {
    if (routePlanTypeNotServed(err)) return new RoutePlanCrdMissingError({ cause: KubeApiError.from(err, action) });
    return KubeApiError.from(err, action);
  }
}
