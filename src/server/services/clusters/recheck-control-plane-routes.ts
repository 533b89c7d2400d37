import { controlPlaneTlsRouteName } from "@/server/domain/clusters/control-plane-tls-route";
import { effectivePublicAccessMode } from "@/server/domain/clusters/public-access";
import { judgeRoute, type RouteVerdict } from "@/server/domain/gateway-api/route-acceptance";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { ControlPlaneRouteStepDeps } from "./control-plane-route-step";

export interface ControlPlaneRouteRecheckDeps extends Pick<ServiceDeps, "db">, ControlPlaneRouteStepDeps {}

export interface ControlPlaneRouteRecheckResult {
  checked: number;
  /** Clusters whose verdict changed (what the task logs). */
  changes: Array<{ clusterId: string; status: RouteVerdict["status"] | null; message: string | null }>;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The Gateway controller's verdict on each control plane's TLSRoute, re-read (docs/control-plane-edge.md "Route
 * status"). The cluster job reads it once (route_status) and gives up after a short wait; a controller that accepts
 * later, or revokes its acceptance, or a listener that stops being Programmed, is only seen here. Clusters without a
 * route (another provider, another public access mode) have no verdict: their columns are cleared.
 */
export async function recheckControlPlaneRoutes(deps: ControlPlaneRouteRecheckDeps): Promise<ControlPlaneRouteRecheckResult> {
  const routed = deps.publicAccessProvider === "gatewayapi" && deps.controlPlaneRoutes ? deps.controlPlaneRoutes : null;
  const rows = await deps.db.cluster.findMany({
    where: { OR: [{ controlPlaneRouteStatus: { not: null } }, ...(routed ? [{ status: { in: ["ready" as const, "updating" as const] }, publicAccessEnabled: true, publicAccessMode: "loadbalancer" as const }] : [])] },
    select: { id: true, namespace: true, vclusterName: true, status: true, publicAccessEnabled: true, publicAccessMode: true, controlPlaneRouteStatus: true, controlPlaneRouteMessage: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const changes: ControlPlaneRouteRecheckResult["changes"] = [];
  const checkedIds: string[] = [];
  let gateway: Awaited<ReturnType<NonNullable<typeof routed>["routes"]["readGateway"]>> | undefined;
  let gatewayFailure: RouteVerdict | undefined;
  for (const row of rows) {
    // The clusters the jobs publish a route for (controlPlaneRouteAction "publish"): live, effective mode loadbalancer.
    const live = row.status === "ready" || row.status === "updating";
    const wanted = routed && live && effectivePublicAccessMode({ enabled: row.publicAccessEnabled, mode: row.publicAccessMode }) === "loadbalancer";
    let verdict: RouteVerdict | null = null;
    if (wanted) {
      const ref = routed.gateway();
      if (gateway === undefined && !gatewayFailure) {
        try {
          gateway = await routed.routes.readGateway({ namespace: ref.namespace, name: ref.name });
        } catch (err) {
          gatewayFailure = { status: "pending", message: `Gateway ${ref.namespace}/${ref.name} could not be read (${message(err)}); retried at the next check.` };
        }
      }
      const name = controlPlaneTlsRouteName(row.vclusterName);
      try {
        const route = gatewayFailure ? null : await routed.routes.readRouteView({ namespace: row.namespace, name });
        verdict =
          gatewayFailure ??
          (route
            ? judgeRoute(route, { namespace: ref.namespace, name: ref.name, sectionName: ref.sectionName }, gateway ?? null)
            : { status: "error", message: `TLSRoute ${row.namespace}/${name} does not exist; the next cluster update publishes it again.` });
      } catch (err) {
        verdict = { status: "pending", message: `TLSRoute ${row.namespace}/${name} could not be read (${message(err)}); retried at the next check.` };
      }
      checkedIds.push(row.id);
    }
    const status = verdict?.status ?? null;
    const text = verdict?.message ?? null;
    if (status === row.controlPlaneRouteStatus && text === row.controlPlaneRouteMessage) continue;
    await deps.db.cluster.updateMany({ where: { id: row.id }, data: { controlPlaneRouteStatus: status, controlPlaneRouteMessage: text, ...(verdict ? {} : { controlPlaneRouteCheckedAt: null }) } });
    changes.push({ clusterId: row.id, status, message: text });
  }
  // Bookkeeping, not a change of the cluster: raw SQL leaves `updated_at` alone (as the workload edge's checked-at).
  if (checkedIds.length > 0) await deps.db.$executeRaw`UPDATE "clusters" SET "control_plane_route_checked_at" = ${deps.now()} WHERE "id" = ANY(${checkedIds}::text[])`;
  return { checked: checkedIds.length, changes };
}
