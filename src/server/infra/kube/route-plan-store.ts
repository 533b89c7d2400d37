import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import type { PodRoute } from "@/server/domain/pod-routes/pod-route";
import {
  ROUTE_PLAN_GROUP,
  ROUTE_PLAN_MANAGED_LABEL,
  ROUTE_PLAN_MANAGED_VALUE,
  ROUTE_PLAN_PLURAL,
  ROUTE_PLAN_VERSION,
  routePlanManifest,
  routePlanSpecSchema,
} from "@/server/domain/pod-routes/route-plan-resource";
import type { RoutePlanStore, StoredRoutePlan } from "@/server/services/pod-routes/ports";
import { callOptions, KubeApiError, kubeStatusOf } from "./kube-calls";

/** The platform's field manager on the plans' spec (the route agent owns status under its own). */
export const ROUTE_PLAN_FIELD_MANAGER = "kubebyon";
const DEFAULT_TIMEOUT_MS = 15_000;
const plan = { group: ROUTE_PLAN_GROUP, version: ROUTE_PLAN_VERSION, plural: ROUTE_PLAN_PLURAL };

/** The host cluster does not serve the route plan resource: the chart's CRD is not installed. */
export class RoutePlanCrdMissingError extends Error {
  constructor(opts: { cause?: unknown } = {}) {
    super(
      `the host cluster does not serve ${ROUTE_PLAN_PLURAL}.${ROUTE_PLAN_GROUP}/${ROUTE_PLAN_VERSION}: install the chart's crds/workloadpodcidrnoderouteplans.yaml (kubectl apply --server-side -f), or set KUBEBYON_WORKLOAD_PODCIDR_ROUTE_MODE to local or off`,
      { cause: opts.cause },
    );
    this.name = "RoutePlanCrdMissingError";
  }
}

/**
 * A 404 that means "resource type not served" rather than "no such plan": a missing object answers a Status
 * with reason NotFound, an unserved type the plain text "404 page not found" (see gateway-api-tls-routes.ts).
 */
export const routePlanTypeNotServed = (err: unknown): boolean => kubeStatusOf(err) === 404 && KubeApiError.from(err).reason !== "NotFound";

interface PlanObject {
  metadata?: { name?: string };
  spec?: unknown;
}

/** RoutePlanStore on the host cluster: the Nodes' names and the labelled plans, written by server-side apply. */
export class KubeRoutePlanStore implements RoutePlanStore {
  private readonly core: CoreV1Api;
  private readonly custom: CustomObjectsApi;
  private readonly timeoutMs: number;

  constructor(kubeConfig: KubeConfig, opts: { timeoutMs?: number } = {}) {
    this.core = kubeConfig.makeApiClient(CoreV1Api);
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi);
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async listHostNodes(): Promise<string[]> {
    try {
      const nodes = await this.core.listNode({}, callOptions({ timeoutMs: this.timeoutMs }));
      return nodes.items.map((n) => n.metadata?.name ?? "").filter(Boolean).sort();
    } catch (err) {
      throw KubeApiError.from(err, "listing the host cluster's Nodes");
    }
  }

  async listPlans(): Promise<StoredRoutePlan[]> {
    let items: PlanObject[];
    try {
      const list = (await this.custom.listClusterCustomObject(
        { ...plan, labelSelector: `${ROUTE_PLAN_MANAGED_LABEL}=${ROUTE_PLAN_MANAGED_VALUE}` },
        callOptions({ timeoutMs: this.timeoutMs }),
      )) as { items?: PlanObject[] };
      items = list.items ?? [];
    } catch (err) {
      throw this.failure(err, "listing the route plans");
    }
    return items.map((item) => {
      // The CRD's schema validates every plan, so a spec that does not parse was written by hand: it is re-applied.
      const spec = routePlanSpecSchema.safeParse(item.spec ?? {});
      return { nodeName: item.metadata?.name ?? "", routes: spec.success ? spec.data.routes : [] };
    });
  }

  async apply(nodeName: string, routes: readonly PodRoute[]): Promise<void> {
    try {
      await this.custom.patchClusterCustomObject(
        {
          ...plan,
          name: nodeName,
          body: routePlanManifest(nodeName, routes),
          fieldManager: ROUTE_PLAN_FIELD_MANAGER,
          // The spec is the platform's alone; a hand edit is taken back.
          force: true,
          fieldValidation: "Strict",
        },
        setHeaderOptions("Content-Type", PatchStrategy.ServerSideApply, callOptions({ timeoutMs: this.timeoutMs })),
      );
    } catch (err) {
      throw this.failure(err, `applying route plan ${nodeName}`);
    }
  }

  async delete(nodeName: string): Promise<void> {
    try {
      await this.custom.deleteClusterCustomObject({ ...plan, name: nodeName }, callOptions({ timeoutMs: this.timeoutMs }));
    } catch (err) {
      // Gone already, or the type is not served at all: either way no such plan exists.
      if (kubeStatusOf(err) === 404) return;
      throw KubeApiError.from(err, `deleting route plan ${nodeName}`);
    }
  }

  private failure(err: unknown, action: string): Error {
    if (routePlanTypeNotServed(err)) return new RoutePlanCrdMissingError({ cause: KubeApiError.from(err, action) });
    return KubeApiError.from(err, action);
  }
}
