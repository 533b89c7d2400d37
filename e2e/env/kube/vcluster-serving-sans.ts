import { X509Certificate } from "node:crypto";
import tls from "node:tls";
import { ApiException, CoreV1Api, type KubeConfig, type V1Node, type V1Secret, type V1Service } from "@kubernetes/client-node";
import { parse as parseYaml } from "yaml";
import { reissueServingCertificate, type PemFiles } from "./pki";

/**
 * vCluster's serving-certificate rules (KUBE-FACTS "The proxy's serving
 * certificate", pkg/server/cert/cert.go at v0.33.0), computed from the host's
 * state: the stand-in vCluster serves exactly these names, so a URL a real
 * vCluster would refuse fails TLS in tests too. Not covered, on purpose:
 * `<release>.<namespace>.svc`.
 */
export interface VclusterSanInput {
  release: string;
  namespace: string;
  service?: V1Service;
  /** Secret vc-config-<release>, key config.yaml (the merged vcluster.yaml). */
  configYaml?: string;
  /** The Node "running the control-plane Pod"; only its addresses count, and only for a NodePort Service. */
  controlPlaneNode?: V1Node;
  clusterDomain?: string;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** "host", "host:port", "https://host:port/…" or "[v6]:port" → host. */
function hostOf(endpoint: string): string {
  const trimmed = endpoint.trim().replace(/^[a-z]+:\/\//i, "").replace(/\/.*$/, "");
  const bracketed = /^\[([^\]]+)\]/.exec(trimmed);
  if (bracketed) return bracketed[1] ?? "";
  return trimmed.split(":").length === 2 ? (trimmed.split(":")[0] ?? "") : trimmed;
}

export function vclusterServingSans(input: VclusterSanInput): string[] {
  const { release: r, namespace: ns } = input;
  const domain = input.clusterDomain ?? "cluster.local";
  const names = [
    "kubernetes",
    "kubernetes.default",
    "kubernetes.default.svc",
    `kubernetes.default.svc.${domain}`,
    "localhost",
    "127.0.0.1",
    r,
    `${r}.${ns}`,
    `*.${r}.${ns}.nodes.vcluster.com`,
  ];
  const spec = input.service?.spec;
  if (spec?.clusterIP && spec.clusterIP !== "None") names.push(spec.clusterIP);
  for (const ingress of input.service?.status?.loadBalancer?.ingress ?? []) {
    if (ingress.ip) names.push(ingress.ip);
    if (ingress.hostname) names.push(ingress.hostname);
  }
  if (spec?.type === "NodePort" && input.controlPlaneNode) {
    for (const a of input.controlPlaneNode.status?.addresses ?? []) {
      if (a.type === "InternalIP" || a.type === "ExternalIP") names.push(a.address);
    }
  }
  if (input.configYaml) {
    const controlPlane = record(record(parseYaml(input.configYaml) as unknown).controlPlane);
    const extra = record(controlPlane.proxy).extraSANs;
    if (Array.isArray(extra)) for (const s of extra) if (typeof s === "string" && s.trim()) names.push(s.trim());
    if (typeof controlPlane.endpoint === "string" && controlPlane.endpoint.trim()) names.push(hostOf(controlPlane.endpoint));
  }
  return [...new Set(names.filter(Boolean))];
}

async function readOrUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiException && err.code === 404) return undefined;
    throw err;
  }
}

function decode(secret: V1Secret | undefined, key: string): string | undefined {
  const value = secret?.data?.[key];
  return value ? Buffer.from(value, "base64").toString("utf8") : undefined;
}

export interface HostStateReader {
  /** Current SANs; the first NodePort-relevant Node seen becomes (and stays) the control-plane node. */
  read(): Promise<string[]>;
}

/**
 * Reads the host objects the rules depend on. The control-plane node is the
 * one named in `controlPlaneNodeName`, else the first Node by name at the
 * first read that finds one — a Pod stays on the node it was scheduled to.
 */
export function hostStateReader(opts: { host: KubeConfig; release: string; namespace: string; controlPlaneNodeName?: string }): HostStateReader {
  const core = opts.host.makeApiClient(CoreV1Api);
  let nodeName = opts.controlPlaneNodeName;
  return {
    async read() {
      const [service, config] = await Promise.all([
        readOrUndefined(() => core.readNamespacedService({ name: opts.release, namespace: opts.namespace })),
        readOrUndefined(() => core.readNamespacedSecret({ name: `vc-config-${opts.release}`, namespace: opts.namespace })),
      ]);
      let node: V1Node | undefined;
      if (service?.spec?.type === "NodePort") {
        if (!nodeName) {
          const names = (await core.listNode()).items.map((n) => n.metadata?.name ?? "").filter(Boolean).sort();
          nodeName = names[0];
        }
        if (nodeName) {
          const name = nodeName;
          node = await readOrUndefined(() => core.readNode({ name }));
        }
      }
      return vclusterServingSans({ release: opts.release, namespace: opts.namespace, service, configYaml: decode(config, "config.yaml"), controlPlaneNode: node });
    },
  };
}

/** The names in a PEM certificate's subjectAltName, without the DNS:/IP Address: prefixes. */
export function certificateSans(certPem: string): string[] {
  const alt = new X509Certificate(certPem).subjectAltName ?? "";
  return alt
    .split(",")
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ""))
    .filter(Boolean);
}

/** The SANs of the certificate a TLS server presents right now (no verification: this only reads it). */
export function servedSans(host: string, port: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, rejectUnauthorized: false, servername: undefined }, () => {
      const cert = socket.getPeerX509Certificate();
      socket.destroy();
      resolve(cert ? certificateSans(cert.toString()) : []);
    });
    socket.once("error", reject);
    socket.setTimeout(2_000, () => socket.destroy(new Error(`TLS handshake with ${host}:${port} timed out`)));
  });
}

export interface SanFollower {
  /** The SANs of the certificate last written. */
  current(): string[];
  /** The serving pair last written. */
  serving(): { certPem: string; keyPem: string };
  /** Reads the host now and re-issues when the set changed; resolves when the files are written. */
  syncNow(): Promise<void>;
  stop(): void;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");

/**
 * Polls the host (Service, Secret vc-config-<r>, the control-plane Node) and
 * re-issues the serving certificate with the same CA when the set changes,
 * like vCluster does. The apiserver picks the files up itself
 * (--tls-cert-file/--tls-private-key-file are watched).
 */
export function followVclusterSans(opts: {
  reader: HostStateReader;
  ca: PemFiles;
  serving: PemFiles;
  initialSans: readonly string[];
  pollMs?: number;
  onError?: (err: unknown) => void;
}): SanFollower {
  let sans = [...opts.initialSans];
  let pair = { certPem: opts.serving.certPem, keyPem: opts.serving.keyPem };
  let running: Promise<void> | undefined;
  let stopped = false;
  const sync = () =>
    (running ??= (async () => {
      try {
        const next = await opts.reader.read();
        if (!stopped && !sameSet(next, sans)) {
          const issued = await reissueServingCertificate(opts.ca, opts.serving, next);
          sans = next;
          pair = { certPem: issued.certPem, keyPem: issued.keyPem };
        }
      } finally {
        running = undefined;
      }
    })());
  const timer = setInterval(() => {
    sync().catch((err: unknown) => opts.onError?.(err));
  }, opts.pollMs ?? 250);
  timer.unref();
  return {
    current: () => [...sans],
    serving: () => pair,
    // A read already in flight may predate the caller's change: wait for it, then read again.
    syncNow: async () => {
      await running?.catch(() => undefined);
      await sync();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
