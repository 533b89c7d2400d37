import type { KubernetesObject } from "@kubernetes/client-node";
import { publicUrl, type Values } from "./helm-chart-render";

/**
 * gatewayAPI.workload values the chart tests render and install (the workload edge, issue 13), and the
 * shapes of the objects they read back.
 */

export const WORKLOAD_GATEWAY_NAMESPACE = "edge-system";
export const ISSUER = "letsencrypt";
export const SELF_MANAGED_ISSUER = "letsencrypt-self";

/** The workload edge with TLS (self-managed with an issuer override) and PodCIDR routes in `mode`, or none. */
export function workloadValues(opts: { mode?: "local" | "routeagent"; tls?: boolean; extra?: Record<string, unknown> } = {}): Values {
  const tls = opts.tls ?? true;
  return {
    publicUrl,
    gatewayAPI: {
      workload: {
        enabled: true,
        gatewayClassName: "eg",
        namespace: WORKLOAD_GATEWAY_NAMESPACE,
        ...(tls ? { tls: { enabled: true, issuer: { name: ISSUER }, selfManaged: { enabled: true, issuerOverride: { kind: "Issuer", name: SELF_MANAGED_ISSUER } } } } : {}),
        ...(opts.mode ? { podCIDRRoute: { enabled: true, mode: opts.mode } } : {}),
        ...opts.extra,
      },
    },
  };
}

export interface GatewayListener {
  name: string;
  protocol: string;
  port: number;
  hostname?: string;
  allowedRoutes?: { kinds?: Array<{ group?: string; kind: string }>; namespaces?: { from?: string } };
}

export interface GatewayObject extends KubernetesObject {
  spec: { gatewayClassName: string; listeners: GatewayListener[] };
}
