import { isIPv4 } from "node:net";
import { CoreV1Api, type KubeConfig, type V1Node, type V1Service } from "@kubernetes/client-node";
import { startTcpForwarder, type TcpForwarder } from "./tcp-forwarder";

/**
 * Plays kube-proxy on this machine for Services that have a stand-in backend
 * (a stand-in vCluster apiserver, or a front serving /node/join as well):
 * `<ClusterIP>:443`, every loopback LoadBalancer ingress IP `:443` (a test plays
 * the LB provider by patching the Service status) and, for NodePort Services,
 * `<every loopback Node address>:<nodePort>` and `127.0.0.1:<nodePort>`.
 * With the host's service range on loopback (service-range.ts) the platform then
 * reaches each stand-in on its production route, TLS verified against the
 * stand-in's certificate. Only loopback addresses are bound: tests send
 * traffic nowhere else.
 */
export interface KubeProxyStandIn {
  /** Routes the Service's traffic to `target` (https://127.0.0.1:<port> or host:port); undefined removes it. */
  setBackend(namespace: string, service: string, target: string | undefined): Promise<void>;
  /** Reads Services and Nodes now and opens/closes listeners to match. */
  syncNow(): Promise<void>;
  /** "ip:port" of every open listener, for diagnostics. */
  listeners(): string[];
  stop(): Promise<void>;
}

const isLoopbackV4 = (ip: string | undefined | null): ip is string => !!ip && isIPv4(ip) && ip.startsWith("127.");

function wantedAddresses(service: V1Service, nodes: readonly V1Node[]): string[] {
  const spec = service.spec;
  const out: string[] = [];
  const httpsPort = spec?.ports?.find((p) => p.port === 443) ?? spec?.ports?.[0];
  if (!httpsPort) return out;
  if (isLoopbackV4(spec?.clusterIP)) out.push(`${spec.clusterIP}:${httpsPort.port}`);
  for (const ingress of service.status?.loadBalancer?.ingress ?? []) {
    if (isLoopbackV4(ingress.ip)) out.push(`${ingress.ip}:${httpsPort.port}`);
  }
  if ((spec?.type === "NodePort" || spec?.type === "LoadBalancer") && httpsPort.nodePort) {
    out.push(`127.0.0.1:${httpsPort.nodePort}`);
    for (const node of nodes) {
      for (const a of node.status?.addresses ?? []) {
        if ((a.type === "InternalIP" || a.type === "ExternalIP") && isLoopbackV4(a.address)) out.push(`${a.address}:${httpsPort.nodePort}`);
      }
    }
  }
  return [...new Set(out)];
}

export function startKubeProxyStandIn(opts: { host: KubeConfig; pollMs?: number; log?: (line: string) => void }): KubeProxyStandIn {
  const core = opts.host.makeApiClient(CoreV1Api);
  const backends = new Map<string, string>();
  const open = new Map<string, { forwarder: TcpForwarder; target: string }>();
  const failedBinds = new Set<string>();
  const log = opts.log ?? ((line: string) => process.stderr.write(`[kube-proxy stand-in] ${line}\n`));
  let running: Promise<void> | undefined;
  let stopped = false;

  const reconcile = async () => {
    const want = new Map<string, string>();
    if (backends.size > 0) {
      const [services, nodes] = await Promise.all([core.listServiceForAllNamespaces(), core.listNode()]);
      for (const service of services.items) {
        const target = backends.get(`${service.metadata?.namespace}/${service.metadata?.name}`);
        if (!target) continue;
        for (const address of wantedAddresses(service, nodes.items)) want.set(address, target);
      }
    }
    if (stopped) return;
    for (const [address, entry] of open) {
      const target = want.get(address);
      if (!target) {
        open.delete(address);
        await entry.forwarder.close();
      } else if (target !== entry.target) {
        entry.forwarder.setTarget(target);
        entry.target = target;
      }
    }
    for (const [address, target] of want) {
      if (open.has(address)) continue;
      const [host = "", port = ""] = address.split(":");
      try {
        const forwarder = await startTcpForwarder({ host, port: Number(port), target });
        open.set(address, { forwarder, target });
        failedBinds.delete(address);
      } catch (err) {
        // Another test file's cluster may hold the same address; say so once and retry next round.
        if (!failedBinds.has(address)) log(`cannot listen on ${address}: ${(err as Error).message}`);
        failedBinds.add(address);
      }
    }
  };
  const sync = () =>
    (running ??= reconcile().finally(() => {
      running = undefined;
    }));
  const timer = setInterval(() => {
    sync().catch((err: unknown) => log(`sync failed: ${(err as Error).message}`));
  }, opts.pollMs ?? 200);
  timer.unref();

  const syncNow = async () => {
    await running?.catch(() => undefined);
    await sync();
  };
  return {
    async setBackend(namespace, service, target) {
      if (target) backends.set(`${namespace}/${service}`, target);
      else backends.delete(`${namespace}/${service}`);
      await syncNow();
    },
    syncNow,
    listeners: () => [...open.keys()],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      for (const { forwarder } of open.values()) await forwarder.close();
      open.clear();
    },
  };
}
