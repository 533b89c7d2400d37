import { Resolver } from "node:dns/promises";
import { normalizeDnsName, type CnameChainLookup } from "@/server/domain/dns/cname-chain";
import type { CnameChainResolver } from "@/server/services/hostname-bindings/cname-chain-resolver";

export interface NodeCnameChainResolverOptions {
  /** "ip" or "ip:port" ("[v6]:port"); empty: the system's resolvers (/etc/resolv.conf). */
  servers?: readonly string[];
  /** Per query and try; c-ares doubles it on each retry. */
  timeoutMs?: number;
  tries?: number;
  /** CNAMEs followed before the chain counts as too long. */
  maxDepth?: number;
}

export const DEFAULT_MAX_CNAME_DEPTH = 10;

/**
 * Follows CNAME chains with node:dns (c-ares) by asking each name's CNAME in turn: a CNAME
 * question is answered with that one record, never chased, by recursive and authoritative
 * servers alike, so every link is seen. The chain ends at the first name without a CNAME
 * (NODATA: its A records are read for the message; NXDOMAIN: it does not exist), at a name seen
 * before (a loop), after maxDepth links, or at a failed lookup (timeout, SERVFAIL, refused).
 */
export class NodeCnameChainResolver implements CnameChainResolver {
  private readonly resolver: Resolver;
  private readonly maxDepth: number;

  constructor(options: NodeCnameChainResolverOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 2_000, tries: options.tries ?? 2 });
    if (options.servers && options.servers.length > 0) this.resolver.setServers([...options.servers]);
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_CNAME_DEPTH;
  }

  async followCnameChain(hostname: string): Promise<CnameChainLookup> {
    const names = [normalizeDnsName(hostname)];
    for (;;) {
      const current = names.at(-1) ?? "";
      let cnames: string[];
      try {
        cnames = await this.resolver.resolveCname(current);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? "EUNKNOWN";
        if (code === "ENODATA") return { names, end: { kind: "no_cname", exists: true, addresses: await this.addressesOf(current) } };
        if (code === "ENOTFOUND") return { names, end: { kind: "no_cname", exists: false, addresses: [] } };
        return { names, end: { kind: "resolver_failure", code, detail: describeFailure(code) } };
      }
      const next = cnames[0] ? normalizeDnsName(cnames[0]) : undefined;
      if (!next) return { names, end: { kind: "no_cname", exists: true, addresses: await this.addressesOf(current) } };
      const seen = names.includes(next);
      names.push(next);
      if (seen) return { names, end: { kind: "cycle" } };
      if (names.length - 1 >= this.maxDepth) {
        // The limit is reached only when the last name is a CNAME again; one more question tells.
        const more = await this.resolver.resolveCname(next).then((r) => r.length > 0, () => false);
        if (more) return { names, end: { kind: "too_long", maxDepth: this.maxDepth } };
      }
    }
  }

  /** The servers asked, as c-ares holds them ("ip" or "ip:port"). */
  servers(): string[] {
    return this.resolver.getServers();
  }

  /** Stops the lookups in flight (they end as resolver failures, ECANCELLED). */
  cancel(): void {
    this.resolver.cancel();
  }

  private async addressesOf(name: string): Promise<string[]> {
    return this.resolver.resolve4(name).catch(() => []);
  }
}

function describeFailure(code: string): string {
  switch (code) {
    case "ETIMEOUT":
      return "no answer from the DNS server in time";
    case "ESERVFAIL":
      return "the DNS server failed (SERVFAIL)";
    case "EREFUSED":
      return "the DNS server refused the query";
    case "ECONNREFUSED":
      return "could not reach the DNS server";
    case "ECANCELLED":
      return "the lookup was cancelled";
    default:
      return "";
  }
}
