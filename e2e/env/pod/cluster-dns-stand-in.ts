import dgram from "node:dgram";
import { isIPv4 } from "node:net";
import { ApiException, CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import { DNS_TYPE, DnsFormatError, encodeAnswer, parseQuery, RCODE, type DnsQuestion } from "../dns/dns-message";

/**
 * Plays CoreDNS's kubernetes plugin for processes the tests run "in a pod": it answers
 * `<service>.<namespace>.svc.<domain>` with the Service's ClusterIP, read from the host apiserver
 * at query time, and NXDOMAIN for everything else (there is no upstream: tests send no traffic
 * off this machine). It listens on <address>:53/udp, where address is the ClusterIP of the
 * Service kube-system/kube-dns the caller created, as a kubelet's pod resolv.conf names it.
 */
export interface ClusterDnsStandIn {
  address: string;
  domain: string;
  /** The pod's /etc/resolv.conf, as the kubelet writes it for ClusterFirst (search path of `namespace`). */
  resolvConf(namespace: string): string;
  /** Names asked so far (diagnostics; a test can check the platform used cluster DNS). */
  queries: string[];
  stop(): Promise<void>;
}

export async function startClusterDnsStandIn(opts: { host: KubeConfig; address: string; domain?: string }): Promise<ClusterDnsStandIn> {
  if (!isIPv4(opts.address)) throw new Error(`the cluster DNS address must be an IPv4 ClusterIP, got "${opts.address}"`);
  const domain = opts.domain ?? "cluster.local";
  const core = opts.host.makeApiClient(CoreV1Api);
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");

  const clusterIpOf = async (name: string): Promise<string | null | undefined> => {
    const suffix = `.svc.${domain}`;
    if (!name.endsWith(suffix)) return undefined;
    const parts = name.slice(0, -suffix.length).split(".");
    if (parts.length !== 2) return undefined;
    const [service = "", namespace = ""] = parts;
    try {
      const svc = await core.readNamespacedService({ name: service, namespace });
      const ip = svc.spec?.clusterIP;
      return ip && ip !== "None" && isIPv4(ip) ? ip : null;
    } catch (err) {
      if (err instanceof ApiException && err.code === 404) return undefined;
      throw err;
    }
  };

  const answer = async (q: DnsQuestion): Promise<Buffer> => {
    if (q.opcode !== 0 || q.qclass !== 1) return encodeAnswer(q, { rcode: RCODE.NOTIMP });
    const ip = await clusterIpOf(q.name);
    if (ip === undefined) return encodeAnswer(q, { rcode: RCODE.NXDOMAIN });
    // The name exists: A gets the ClusterIP, any other type an empty NOERROR (not NXDOMAIN,
    // which would make the resolver drop the A answer of the same lookup).
    return encodeAnswer(q, { rcode: RCODE.NOERROR, ipv4: q.type === DNS_TYPE.A && ip ? [ip] : [] });
  };

  socket.on("message", (msg, peer) => {
    let q: DnsQuestion;
    try {
      q = parseQuery(msg);
    } catch (err) {
      if (!(err instanceof DnsFormatError)) throw err;
      return;
    }
    queries.push(q.name);
    answer(q).then(
      (reply) => socket.send(reply, peer.port, peer.address),
      // The apiserver failing is SERVFAIL for the resolver, which then tries again.
      () => socket.send(encodeAnswer(q, { rcode: 2 }), peer.port, peer.address),
    );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(53, opts.address, () => {
      socket.off("error", reject);
      resolve();
    });
  });

  return {
    address: opts.address,
    domain,
    queries,
    resolvConf: (namespace) => `search ${namespace}.svc.${domain} svc.${domain} ${domain}\nnameserver ${opts.address}\noptions ndots:5\n`,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
