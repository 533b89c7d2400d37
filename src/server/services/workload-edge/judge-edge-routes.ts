import { judgeRoute, worstVerdict, type GatewayStatusView, type RouteVerdict } from "@/server/domain/gateway-api/route-acceptance";
import type { WorkloadEdgeManifest, WorkloadEdgeObjectStore } from "./ports";

interface RouteManifest extends WorkloadEdgeManifest {
  spec?: { parentRefs?: ReadonlyArray<{ name: string; namespace: string; sectionName: string }> };
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Reads back the cluster's HTTPRoutes the pass just applied and judges each on each of its listeners
 * (domain/gateway-api/route-acceptance.ts); the worst verdict speaks for the cluster. A route the controller has not
 * looked at yet (a first apply, or a changed spec) is `pending` until a later pass finds its verdict.
 */
export async function judgeEdgeRoutes(store: WorkloadEdgeObjectStore, manifests: readonly WorkloadEdgeManifest[], gateway: GatewayStatusView | null, gatewayRef: { namespace: string; name: string }): Promise<RouteVerdict | null> {
  const verdicts: RouteVerdict[] = [];
  for (const manifest of manifests as readonly RouteManifest[]) {
    if (manifest.kind !== "HTTPRoute") continue;
    const { namespace, name } = manifest.metadata;
    let route;
    try {
      route = await store.readRouteStatus(namespace, name);
    } catch (err) {
      verdicts.push({ status: "pending", message: `The status of HTTPRoute ${namespace}/${name} could not be read back (${message(err)}); retried at the next pass.` });
      continue;
    }
    if (!route) {
      verdicts.push({ status: "pending", message: `HTTPRoute ${namespace}/${name} was applied but is gone; re-applied at the next pass.` });
      continue;
    }
    for (const parent of manifest.spec?.parentRefs ?? []) {
      verdicts.push(judgeRoute(route, { namespace: parent.namespace ?? gatewayRef.namespace, name: parent.name, sectionName: parent.sectionName }, gateway));
    }
  }
  return worstVerdict(verdicts);
}
