import type { SharedGatewayRef, TlsRouteManifest } from "@/server/domain/clusters/control-plane-tls-route";
import type { TlsRouteStatusReport } from "@/server/domain/clusters/tls-route-status";
import type { GatewayStatusView, RouteStatusView } from "@/server/domain/gateway-api/route-acceptance";

/**
 * Port: the per-cluster TLSRoute of the Gateway API public access provider, in the HOST cluster
 * (issue 12). The route itself is built by domain/clusters/control-plane-tls-route.ts; this only
 * writes, reads and removes it. The implementation is
 * src/server/infra/kube/gateway-api-tls-routes.ts. Used by the cluster jobs' route steps
 * (control-plane-route-step.ts).
 */
export interface ControlPlaneTlsRoutes {
  /**
   * Server-side apply of the route (field manager "kubebyon"): creates it, or updates what changed.
   * Applying an unchanged route writes nothing (same resourceVersion).
   */
  apply(route: TlsRouteManifest, opts?: { signal?: AbortSignal }): Promise<{ resourceVersion: string; generation: number }>;
  /** What the Gateway controller reported; null when the route does not exist. */
  readStatus(input: { namespace: string; name: string; gateway: SharedGatewayRef; signal?: AbortSignal }): Promise<TlsRouteStatusReport | null>;
  /** The route's generation and status.parents as read, for the periodic re-check (control-plane-routes.task.ts); null when absent. */
  readRouteView(input: { namespace: string; name: string; signal?: AbortSignal }): Promise<RouteStatusView | null>;
  /** The shared Gateway's class and status.listeners; null when it does not exist. */
  readGateway(input: { namespace: string; name: string; signal?: AbortSignal }): Promise<GatewayStatusView | null>;
  /** Deletes the route; an absent route is success (`deleted: false`, so the timeline can say nothing was there). */
  delete(input: { namespace: string; name: string; signal?: AbortSignal }): Promise<{ deleted: boolean }>;
}
