import { z } from "zod";

/**
 * How `public_access_mode=loadbalancer` is served (issue 12, spec current-architecture
 * §3.4 / §4.6): a deployment-level choice (KUBEBYON_PUBLIC_ACCESS_PROVIDER, the charts'
 * `publicAccess.provider`), never per cluster.
 *   servicelb  — the control-plane Service is type LoadBalancer (k3s ServiceLB, MetalLB, a cloud LB)
 *   haproxy    — the Service stays NodePort; the platform's HAProxy passes :443 through by SNI
 *                to the host nodes' IP:NodePort (docs/control-plane-edge.md)
 *   gatewayapi — the Service stays ClusterIP; a shared Gateway's Passthrough listener routes
 *                :443 by SNI through one TLSRoute per cluster to the Service's port 443
 * The binary's default is servicelb (as before the setting existed); the Helm charts default to haproxy.
 */
export const PUBLIC_ACCESS_PROVIDERS = ["servicelb", "haproxy", "gatewayapi"] as const;
export type PublicAccessProvider = (typeof PUBLIC_ACCESS_PROVIDERS)[number];
export const publicAccessProviderSchema = z.enum(PUBLIC_ACCESS_PROVIDERS);
export const DEFAULT_PUBLIC_ACCESS_PROVIDER: PublicAccessProvider = "servicelb";

/** Providers that route by the TLS ClientHello's SNI, so control_plane_host must be a DNS name SNI can carry. */
export function routesBySni(provider: PublicAccessProvider): boolean {
  return provider !== "servicelb";
}

/** One line for the admin settings and platform health views. */
export function describePublicAccessProvider(provider: PublicAccessProvider): string {
  switch (provider) {
    case "servicelb":
      return "LoadBalancer Service per cluster (k3s ServiceLB, MetalLB or a cloud load balancer)";
    case "haproxy":
      return "the platform's HAProxy on :443, TLS passthrough by SNI to the host nodes' NodePorts";
    case "gatewayapi":
      return "a shared Gateway API Gateway on :443, one TLSRoute per cluster (TLS passthrough by SNI)";
  }
}

/** Where the provider comes from (it is not a system setting), for the messages that refuse to change it. */
export const PUBLIC_ACCESS_PROVIDER_SOURCE = "set by KUBEBYON_PUBLIC_ACCESS_PROVIDER (chart value publicAccess.provider); restart to change";

/**
 * The settings update's answer to a public_access_provider in its body: the deployment's own value
 * is accepted (a client may send back what it read), any other is refused with where to change it.
 */
export function providerChangeRefusal(requested: PublicAccessProvider | undefined, deployed: PublicAccessProvider): string | null {
  if (requested === undefined || requested === deployed) return null;
  return `public_access_provider cannot be changed here: this deployment uses ${deployed}, ${PUBLIC_ACCESS_PROVIDER_SOURCE}.`;
}
