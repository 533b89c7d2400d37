import { isIP } from "node:net";

/**
 * The HAProxy configuration of the control-plane edge (provider `haproxy`): one `mode tcp` frontend
 * that peeks at the TLS ClientHello and passes the connection through, unopened, to the cluster whose
 * `control_plane_host` equals the SNI name. The vCluster API server terminates TLS itself, so the
 * client verifies the cluster's own CA end to end.
 *
 * Connections that carry no SNI, an SNI no cluster owns, or no TLS ClientHello at all are rejected
 * (`tcp-request content reject`: the TCP connection is closed before any byte is answered). SNI-routed
 * passthrough cannot tell such clients apart (KUBE-FACTS "TLS passthrough"), and any fallback backend
 * would make one arbitrary cluster reachable by IP address; so none is. See docs/control-plane-edge.md.
 *
 * The output depends only on the input set, never on its order: unchanged clusters render a
 * byte-identical file, which lets the writer skip a needless reload.
 */

export interface EdgeBackend {
  /** IPv4 or IPv6 literal of a host node (no DNS: a reload must not depend on a resolver). */
  address: string;
  /** The cluster's NodePort on that node. */
  port: number;
}

export interface EdgeRoute {
  clusterId: string;
  /** The cluster's control_plane_host, a DNS name without port. Matched case-insensitively, exactly. */
  hostname: string;
  /**
   * Further names routed to the same cluster: the control_plane_host a change replaced, while its
   * grace lasts (domain/clusters/served-control-plane-hosts.ts), so nodes joined on it keep working.
   */
  aliases?: readonly string[];
  /** May be empty (no Ready host node yet): the hostname is then known but its connections are closed. */
  backends: readonly EdgeBackend[];
}

export interface HaproxyConfigOptions {
  bind: { address: string; port: number };
  /** TCP connect health checks on every server. */
  healthCheck: { intervalMs: number; fall: number; rise: number };
  timeouts: {
    /** How long the frontend waits for a complete ClientHello before rejecting the connection. */
    inspectDelayMs: number;
    connectMs: number;
    /** Inactivity timeouts; kubectl watches sit idle for minutes, so these are long. */
    clientMs: number;
    serverMs: number;
  };
  /** Runtime API socket (`expose-fd listeners`, so a reloaded worker takes the listening sockets over). */
  statsSocketPath?: string;
  /** Bound on how long an old worker keeps draining its connections after a reload; unset = until they end. */
  hardStopAfterMs?: number;
  maxConnections?: number;
}

export type EdgeConfigErrorKind =
  | "invalid-hostname"
  | "duplicate-hostname"
  | "invalid-cluster-id"
  | "duplicate-cluster"
  | "invalid-backend"
  | "invalid-option";

export class EdgeConfigError extends Error {
  readonly kind: EdgeConfigErrorKind;
  /** The cluster the problem belongs to, when it belongs to one. */
  readonly clusterId: string | undefined;

  constructor(kind: EdgeConfigErrorKind, message: string, clusterId?: string) {
    super(message);
    this.name = "EdgeConfigError";
    this.kind = kind;
    this.clusterId = clusterId;
  }
}

export const DEFAULT_HAPROXY_OPTIONS: HaproxyConfigOptions = {
  bind: { address: "0.0.0.0", port: 443 },
  healthCheck: { intervalMs: 5_000, fall: 3, rise: 2 },
  timeouts: { inspectDelayMs: 5_000, connectMs: 5_000, clientMs: 3_600_000, serverMs: 3_600_000 },
};

const HOST_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
// HAProxy proxy and server names allow these characters only.
const HAPROXY_NAME = /^[A-Za-z0-9_.:-]+$/;

/**
 * The SNI name for a control_plane_host: lower-case DNS name, no port, no IP literal (RFC 6066 forbids
 * IP addresses in SNI, so such a host could never be routed), no wildcard.
 */
export function sniHostname(value: string, clusterId?: string): string {
  const host = value.trim().toLowerCase();
  const labels = host.split(".");
  const valid =
    host.length > 0 &&
    host.length <= 253 &&
    isIP(host) === 0 &&
    !/^\d+(\.\d+)*$/.test(host) &&
    labels.every((label) => label.length <= 63 && HOST_LABEL.test(label));
  if (!valid) {
    throw new EdgeConfigError(
      "invalid-hostname",
      `control_plane_host "${value}" cannot be routed by SNI: set it to a DNS name without port or wildcard (an IP address is never sent as SNI).`,
      clusterId,
    );
  }
  return host;
}

interface NormalizedRoute {
  clusterId: string;
  hostname: string;
  /** hostname first, then the aliases in their given order. */
  names: string[];
  backends: EdgeBackend[];
}

function normalizeBackends(route: EdgeRoute): EdgeBackend[] {
  const byKey = new Map<string, EdgeBackend>();
  for (const backend of route.backends) {
    const address = backend.address.trim().toLowerCase();
    if (isIP(address) === 0 || !validPort(backend.port)) {
      throw new EdgeConfigError(
        "invalid-backend",
        `cluster ${route.clusterId}: backend "${backend.address}:${backend.port}" needs an IP address and a port 1-65535 (the node's InternalIP or ExternalIP and the cluster's NodePort).`,
        route.clusterId,
      );
    }
    // The same node address listed twice is one server, not two.
    byKey.set(`${address}|${backend.port}`, { address, port: backend.port });
  }
  return [...byKey.values()].sort((a, b) => compare(a.address, b.address) || a.port - b.port);
}

function normalizeRoutes(routes: readonly EdgeRoute[]): NormalizedRoute[] {
  const clusters = new Set<string>();
  const hosts = new Map<string, string>();
  const out: NormalizedRoute[] = [];
  for (const route of routes) {
    if (!HAPROXY_NAME.test(route.clusterId)) {
      throw new EdgeConfigError("invalid-cluster-id", `cluster id "${route.clusterId}" contains characters HAProxy names cannot carry.`, route.clusterId);
    }
    if (clusters.has(route.clusterId)) {
      throw new EdgeConfigError("duplicate-cluster", `cluster ${route.clusterId} is listed twice; give each cluster one route.`, route.clusterId);
    }
    clusters.add(route.clusterId);
    const hostname = sniHostname(route.hostname, route.clusterId);
    const names: string[] = [];
    for (const name of [hostname, ...(route.aliases ?? []).map((alias) => sniHostname(alias, route.clusterId))]) {
      if (names.includes(name)) continue;
      const owner = hosts.get(name);
      if (owner !== undefined) {
        throw new EdgeConfigError(
          "duplicate-hostname",
          `clusters ${owner} and ${route.clusterId} both use control_plane_host ${name}; SNI can route a name to one cluster only, so change one of them.`,
          route.clusterId,
        );
      }
      hosts.set(name, route.clusterId);
      names.push(name);
    }
    out.push({ clusterId: route.clusterId, hostname, names, backends: normalizeBackends(route) });
  }
  return out.sort((a, b) => compare(a.hostname, b.hostname));
}

function validateOptions(options: HaproxyConfigOptions): void {
  const problems: string[] = [];
  const bindAddress = options.bind.address.trim();
  if (bindAddress !== "*" && isIP(bindAddress) === 0) problems.push(`bind address "${options.bind.address}" must be an IP address or *`);
  if (!validPort(options.bind.port)) problems.push(`bind port ${options.bind.port} must be 1-65535`);
  const positive: [string, number | undefined][] = [
    ["healthCheck.intervalMs", options.healthCheck.intervalMs],
    ["healthCheck.fall", options.healthCheck.fall],
    ["healthCheck.rise", options.healthCheck.rise],
    ["timeouts.inspectDelayMs", options.timeouts.inspectDelayMs],
    ["timeouts.connectMs", options.timeouts.connectMs],
    ["timeouts.clientMs", options.timeouts.clientMs],
    ["timeouts.serverMs", options.timeouts.serverMs],
    ["hardStopAfterMs", options.hardStopAfterMs],
    ["maxConnections", options.maxConnections],
  ];
  for (const [name, value] of positive) {
    if (value !== undefined && (!Number.isInteger(value) || value <= 0)) problems.push(`${name} must be a positive integer (got ${value})`);
  }
  const socket = options.statsSocketPath;
  if (socket !== undefined && (!socket.startsWith("/") || /\s/.test(socket))) problems.push(`statsSocketPath "${socket}" must be an absolute path without spaces`);
  if (problems.length > 0) throw new EdgeConfigError("invalid-option", `HAProxy edge options: ${problems.join("; ")}.`);
}

/** Renders the complete haproxy.cfg for `routes`; throws EdgeConfigError on input SNI routing cannot serve. */
export function renderHaproxyConfig(routes: readonly EdgeRoute[], options: HaproxyConfigOptions): string {
  validateOptions(options);
  const normalized = normalizeRoutes(routes);
  const lines: string[] = [
    "# Generated by KubeBYON (control-plane edge, provider haproxy). Do not edit: it is rewritten on every change.",
    "global",
    ...(options.maxConnections !== undefined ? [`    maxconn ${options.maxConnections}`] : []),
    ...(options.statsSocketPath !== undefined ? [`    stats socket ${options.statsSocketPath} mode 600 level admin expose-fd listeners`] : []),
    ...(options.hardStopAfterMs !== undefined ? [`    hard-stop-after ${duration(options.hardStopAfterMs)}`] : []),
    "",
    "defaults",
    "    mode tcp",
    `    timeout connect ${duration(options.timeouts.connectMs)}`,
    `    timeout client ${duration(options.timeouts.clientMs)}`,
    `    timeout server ${duration(options.timeouts.serverMs)}`,
    "",
    "frontend control-plane-edge",
    `    bind ${bindTarget(options.bind.address.trim(), options.bind.port)}`,
    `    tcp-request inspect-delay ${duration(options.timeouts.inspectDelayMs)}`,
  ];
  if (normalized.length === 0) {
    lines.push("    # No cluster is published: every connection is rejected.", "    tcp-request content reject");
  } else {
    lines.push(
      `    acl known_sni req.ssl_sni -i ${normalized.flatMap((r) => r.names).join(" ")}`,
      "    # Not TLS, no SNI or an SNI no cluster owns: closed, so no cluster is reachable by IP address.",
      "    tcp-request content reject unless { req.ssl_hello_type 1 }",
      "    tcp-request content reject unless known_sni",
      ...normalized.map((r) => `    use_backend ${backendName(r.clusterId)} if { req.ssl_sni -i ${r.names.join(" ")} }`),
    );
  }
  for (const route of normalized) {
    lines.push("", `backend ${backendName(route.clusterId)}`, `    # ${route.names.join(" ")}`);
    if (route.backends.length === 0) lines.push("    # No host node address yet: connections for this name are closed.");
    const { intervalMs, fall, rise } = options.healthCheck;
    lines.push(`    default-server inter ${duration(intervalMs)} fall ${fall} rise ${rise}`);
    for (const backend of route.backends) {
      // A plain TCP connect check: the server's TLS is the cluster's own and needs no inspecting here.
      lines.push(`    server ${serverName(backend)} ${bindTarget(backend.address, backend.port)} check`);
    }
  }
  return `${lines.join("\n")}\n`;
}

export function backendName(clusterId: string): string {
  return `cluster_${clusterId}`;
}

function serverName(backend: EdgeBackend): string {
  return `node_${backend.address.replace(/[^0-9a-z]/g, "_")}_${backend.port}`;
}

function bindTarget(address: string, port: number): string {
  return address.includes(":") ? `[${address}]:${port}` : `${address}:${port}`;
}

/** HAProxy time units: whole seconds as "5s", the rest in milliseconds. */
function duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function validPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

// Code-unit order, independent of the process locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
