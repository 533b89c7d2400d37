import { z } from "zod";

/**
 * How the platform itself reaches a vCluster's API (token issuance, node
 * listing, probes, kubectl proxy, join-script proxy) — KUBEBYON_VCLUSTER_ROUTE.
 * Users always get the public endpoint; this is only the platform's own path.
 * Every URL here is one vCluster's serving certificate covers (KUBE-FACTS
 * "The proxy's serving certificate"): `<release>.<namespace>` and the
 * Service's ClusterIP, never `<release>.<namespace>.svc`.
 */
export const VCLUSTER_ROUTES = ["auto", "cluster-ip", "service", "public"] as const;
export type VclusterRouteSetting = (typeof VCLUSTER_ROUTES)[number];
export const vclusterRouteSchema = z.enum(VCLUSTER_ROUTES);

export type VclusterRoute = Exclude<VclusterRouteSetting, "auto">;

/** The control-plane Service's port (443 → 8443 in the vcluster chart). */
export const CONTROL_PLANE_SERVICE_PORT = 443;

/**
 * `auto`: inside the host cluster the Service name resolves (cluster DNS) and
 * is in the certificate; outside (systemd beside k3s, a laptop) it does not
 * resolve, but the ClusterIP is reachable from any host node through kube-proxy.
 */
export function effectiveVclusterRoute(setting: VclusterRouteSetting, runsInHostCluster: boolean): VclusterRoute {
  if (setting !== "auto") return setting;
  return runsInHostCluster ? "service" : "cluster-ip";
}

export type PlatformUrl = { kind: "ready"; url: string; route: VclusterRoute } | { kind: "refused"; reason: string };

/**
 * The platform's URL for one vCluster. `publicUrl` is the resolved public
 * endpoint (null when public access is off or not ready); `clusterIp` the
 * control-plane Service's spec.clusterIP as read from the host.
 */
export function platformUrl(input: {
  route: VclusterRoute;
  release: string;
  namespace: string;
  clusterIp: string | null | undefined;
  publicUrl: string | null;
  publicPendingReason: string | null;
}): PlatformUrl {
  switch (input.route) {
    case "service":
      return { kind: "ready", url: `https://${input.release}.${input.namespace}:${CONTROL_PLANE_SERVICE_PORT}`, route: "service" };
    case "cluster-ip": {
      const ip = input.clusterIp?.trim();
      if (!ip || ip === "None") {
        return {
          kind: "refused",
          reason: `the control-plane Service ${input.namespace}/${input.release} has no ClusterIP (clusterIP: ${ip || "unset"}), so KUBEBYON_VCLUSTER_ROUTE=cluster-ip cannot reach it: give the Service a ClusterIP (do not set controlPlane.service.spec.clusterIP to None in the values file) or use KUBEBYON_VCLUSTER_ROUTE=service`,
        };
      }
      const host = ip.includes(":") ? `[${ip}]` : ip;
      return { kind: "ready", url: `https://${host}:${CONTROL_PLANE_SERVICE_PORT}`, route: "cluster-ip" };
    }
    case "public":
      // Refused rather than silently switching to another path: an operator who
      // chose "public" runs the platform where only public endpoints are reachable.
      if (input.publicUrl) return { kind: "ready", url: input.publicUrl, route: "public" };
      return {
        kind: "refused",
        reason: input.publicPendingReason
          ? `KUBEBYON_VCLUSTER_ROUTE=public, but the cluster's public endpoint is not ready (${input.publicPendingReason}); wait for it, or set KUBEBYON_VCLUSTER_ROUTE=cluster-ip (or service when the platform runs inside the host cluster)`
          : "KUBEBYON_VCLUSTER_ROUTE=public, but this cluster's public access is off, so the platform has no address for it: turn public access on for the cluster, or set KUBEBYON_VCLUSTER_ROUTE=cluster-ip (or service when the platform runs inside the host cluster)",
      };
  }
}
