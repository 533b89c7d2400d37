import { z } from "zod";
import { routesBySni, type PublicAccessProvider } from "./public-access-provider";

/**
 * Public access of a vCluster control plane (spec: public-access-loadbalancer-plan).
 * Stored as `public_access_enabled` + `public_access_mode`; the three effective
 * states map to the type of the control-plane Service:
 *   disabled (or mode "off")  -> ClusterIP   (reachable only inside the host cluster)
 *   enabled + nodeport        -> NodePort    (https://<control_plane_host>:<nodePort>)
 *   enabled + loadbalancer    -> https://<control_plane_host>:443, served per the deployment's
 *                                provider (public-access-provider.ts): LoadBalancer (servicelb),
 *                                NodePort behind the HAProxy edge (haproxy), ClusterIP behind a
 *                                Gateway TLSRoute (gatewayapi)
 */

/** What the clusters table stores in public_access_mode (and the system default offers). */
export const STORED_PUBLIC_ACCESS_MODES = ["nodeport", "loadbalancer"] as const;
export type StoredPublicAccessMode = (typeof STORED_PUBLIC_ACCESS_MODES)[number];
export const storedPublicAccessModeSchema = z.enum(STORED_PUBLIC_ACCESS_MODES);

/** What requests may send: "off" is a shorthand for public_access_enabled=false. */
export const PUBLIC_ACCESS_MODES = [...STORED_PUBLIC_ACCESS_MODES, "off"] as const;
export type PublicAccessMode = (typeof PUBLIC_ACCESS_MODES)[number];
export const publicAccessModeSchema = z.enum(PUBLIC_ACCESS_MODES);

export type ControlPlaneServiceType = "ClusterIP" | "NodePort" | "LoadBalancer";

/** Rows written before public_access_mode existed read as nodeport (plan §5.1, §5.13 "老数据兼容"). */
export const LEGACY_PUBLIC_ACCESS_MODE: StoredPublicAccessMode = "nodeport";

export interface PublicAccessSetting {
  enabled: boolean;
  mode: StoredPublicAccessMode;
}

/** The one state that decides Service type, endpoint and stale fields. */
export function effectivePublicAccessMode(row: { enabled: boolean; mode: string | null | undefined }): PublicAccessMode {
  if (!row.enabled || row.mode === "off") return "off";
  return row.mode === "loadbalancer" ? "loadbalancer" : LEGACY_PUBLIC_ACCESS_MODE;
}

export function serviceTypeFor(mode: PublicAccessMode, provider: PublicAccessProvider): ControlPlaneServiceType {
  switch (mode) {
    case "off":
      return "ClusterIP";
    case "nodeport":
      return "NodePort";
    case "loadbalancer":
      // The edge providers reach the control plane without a cloud load balancer of its own.
      if (provider === "haproxy") return "NodePort";
      if (provider === "gatewayapi") return "ClusterIP";
      return "LoadBalancer";
  }
}

/**
 * Public access of a new cluster: the request's values, else the admin's
 * default_cluster_public_access_mode; enabled unless the request (or a default
 * of "off") says otherwise. An "off" default stores nodeport as the mode to use
 * when public access is switched on later.
 */
export function choosePublicAccessForCreate(
  request: { enabled?: boolean | null; mode?: PublicAccessMode | null },
  defaultMode: PublicAccessMode,
): PublicAccessSetting {
  const storedDefault: StoredPublicAccessMode = defaultMode === "off" ? LEGACY_PUBLIC_ACCESS_MODE : defaultMode;
  if (request.mode === "off") return { enabled: false, mode: storedDefault };
  if (request.mode) return { enabled: request.enabled ?? true, mode: request.mode };
  return { enabled: request.enabled ?? defaultMode !== "off", mode: storedDefault };
}

/**
 * Public access after an update: fields the request leaves out keep their
 * current value; "off" keeps the stored mode so switching back on restores it.
 */
export function choosePublicAccessForUpdate(
  current: { enabled: boolean; mode: string | null | undefined },
  request: { enabled?: boolean | null; mode?: PublicAccessMode | null },
): PublicAccessSetting {
  const currentMode: StoredPublicAccessMode = current.mode === "loadbalancer" ? "loadbalancer" : LEGACY_PUBLIC_ACCESS_MODE;
  if (request.mode === "off") return { enabled: false, mode: currentMode };
  const mode = request.mode ?? currentMode;
  // Choosing a mode is asking for public access unless enabled=false is explicit.
  const enabled = request.enabled ?? (request.mode ? true : current.enabled);
  return { enabled, mode };
}

/**
 * Phase-one rule of the plan (§2.2, §4.2): a LoadBalancer control plane needs a
 * planned, stable host, because that host goes into the certificate SANs.
 * Returns the message to show, or null when the combination is valid.
 */
export function validatePublicAccess(input: {
  enabled: boolean;
  mode: string | null | undefined;
  controlPlaneHost: string | null | undefined;
  /** The deployment's provider: with an SNI-routing edge a loadbalancer host must be a DNS name on :443. */
  provider: PublicAccessProvider;
}): string | null {
  const host = input.controlPlaneHost?.trim() ?? "";
  if (host && !isValidControlPlaneHost(host)) {
    return "control_plane_host must be a host name or IP address, optionally with :port (no scheme or path), e.g. k8s.example.com or 203.0.113.10.";
  }
  if (effectivePublicAccessMode(input) !== "loadbalancer") return null;
  if (!host) {
    return "control_plane_host is required when public_access_mode is loadbalancer: enter a stable domain name, VIP or reserved IP that the load balancer answers on (it is added to the API server certificate).";
  }
  if (routesBySni(input.provider)) {
    const { host: name, port } = splitHostPort(host);
    if (isIpLiteral(name)) {
      return `control_plane_host must be a DNS name on this platform: loadbalancer clusters are served by ${input.provider}, which routes by the TLS server name (SNI), and clients never send an IP address as SNI. Enter a name such as k8s.example.com that resolves to the edge, or use public_access_mode nodeport.`;
    }
    if (port !== undefined && port !== 443) {
      return `control_plane_host may not carry port ${port} on this platform: the ${input.provider} edge listens on :443 for every loadbalancer cluster. Enter the name alone, e.g. ${name}.`;
    }
  }
  return null;
}

function isIpLiteral(host: string): boolean {
  return host.includes(":") || IPV4.test(host);
}

/** Cluster fields that would show a previous mode's values if not cleared. */
export type PublicAccessDerivedField = "public_access_port" | "api_endpoint" | "kubeconfig_available";

/**
 * Fields to reset when the effective mode changes (plan §5.4, §5.6, §5.13):
 * api_endpoint is always re-derived by the next connection probe, so the old
 * address never lingers; public_access_port means something only for
 * nodeport; turning public access off also withdraws the kubeconfig.
 */
export function fieldsToClearOnModeChange(from: PublicAccessMode, to: PublicAccessMode): PublicAccessDerivedField[] {
  if (from === to) return [];
  const fields: PublicAccessDerivedField[] = [];
  if (to !== "nodeport") fields.push("public_access_port");
  fields.push("api_endpoint");
  if (to === "off") fields.push("kubeconfig_available");
  return fields;
}

export interface LoadBalancerIngress {
  ip?: string | null;
  hostname?: string | null;
}

export type ResolvedEndpoint =
  | {
      kind: "ready";
      /** https URL for kubeconfigs and the api_endpoint column. */
      url: string;
      public: true;
      /** Only for nodeport; null otherwise so no stale port is written back. */
      publicAccessPort: number | null;
    }
  | { kind: "pending"; reason: string }
  /** Public access is off: the cluster has no public address (the platform uses its own route, platform-route.ts). */
  | { kind: "off" };

/**
 * Where the control plane answers, per mode (plan §5.7):
 * - nodeport: https://<control_plane_host>:<nodePort>, or, with no
 *   control_plane_host, the host address derived from the host's Nodes (or
 *   the admin's setting, see nodeport-host-address.ts)
 * - loadbalancer: control_plane_host first (it is in the SANs), else the
 *   Service's load-balancer ingress IP/hostname as a fallback; port 443
 * - off: none
 */
export function resolveEndpoint(input: {
  mode: PublicAccessMode;
  controlPlaneHost: string | null | undefined;
  nodePort: number | null | undefined;
  loadBalancerIngress: readonly LoadBalancerIngress[] | null | undefined;
  /** nodeport without control_plane_host: where the host's nodes answer, or why there is no such address. */
  nodePortHost?: { address: string } | { missing: string } | null;
}): ResolvedEndpoint {
  const host = input.controlPlaneHost?.trim() || undefined;
  switch (input.mode) {
    case "nodeport": {
      if (!input.nodePort) {
        return { kind: "pending", reason: "the control-plane Service has no NodePort yet" };
      }
      const derived = input.nodePortHost && "address" in input.nodePortHost ? input.nodePortHost.address : undefined;
      const nodeHost = host ? hostOnly(host) : derived;
      if (!nodeHost) {
        const why = input.nodePortHost && "missing" in input.nodePortHost ? input.nodePortHost.missing : "control_plane_host is empty";
        return { kind: "pending", reason: `${why}: set the cluster's control_plane_host, or the system setting nodeport_host_address, to the address users reach the host nodes on` };
      }
      return { kind: "ready", url: httpsUrl(nodeHost, input.nodePort), public: true, publicAccessPort: input.nodePort };
    }
    case "loadbalancer": {
      if (host) return { kind: "ready", url: httpsUrl(host, 443), public: true, publicAccessPort: null };
      const ingress = (input.loadBalancerIngress ?? []).map((i) => i.ip || i.hostname).find(Boolean);
      if (!ingress) {
        return { kind: "pending", reason: "the load balancer has not assigned an address to the control-plane Service yet" };
      }
      return { kind: "ready", url: httpsUrl(ingress, 443), public: true, publicAccessPort: null };
    }
    case "off":
      return { kind: "off" };
  }
}

const HOST_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Accepts "name", "1.2.3.4", "[::1]" or "::1", each optionally with ":port" (IPv6 only in brackets). */
export function isValidControlPlaneHost(value: string): boolean {
  const { host, port } = splitHostPort(value);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) return false;
  if (host.includes(":")) return /^[0-9a-f:.]+$/i.test(host);
  const ipv4 = IPV4.exec(host);
  if (ipv4) return ipv4.slice(1).every((octet) => Number(octet) <= 255);
  return host.length <= 253 && host.split(".").every((label) => HOST_LABEL.test(label) && label.length <= 63);
}

/** Splits "host:port" / "[v6]:port"; a bare IPv6 address has no port. */
export function splitHostPort(value: string): { host: string; port: number | undefined } {
  const trimmed = value.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  if (bracketed) return { host: bracketed[1] ?? "", port: bracketed[2] ? Number(bracketed[2]) : undefined };
  const colons = trimmed.split(":").length - 1;
  if (colons === 1) {
    const [host = "", port = ""] = trimmed.split(":");
    return { host, port: /^\d+$/.test(port) ? Number(port) : Number.NaN };
  }
  return { host: trimmed, port: undefined };
}

/** The host part of control_plane_host, as it belongs in certificate SANs. */
export function hostOnly(value: string): string {
  return splitHostPort(value).host;
}

/** https URL for host[:port]; an explicit port in control_plane_host wins over the default. */
function httpsUrl(hostWithOptionalPort: string, defaultPort: number): string {
  const { host, port } = splitHostPort(hostWithOptionalPort);
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return `https://${shownHost}:${port ?? defaultPort}`;
}
