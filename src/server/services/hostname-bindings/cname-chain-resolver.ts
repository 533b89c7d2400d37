import type { CnameChainLookup } from "@/server/domain/dns/cname-chain";

/**
 * The DNS check's port: follows a name's CNAME records one by one, as the world's resolvers
 * see them, and says how the chain stopped. Never throws for DNS outcomes (NXDOMAIN, a loop, a
 * timeout are results); the adapter is infra/dns/node-cname-chain-resolver.ts.
 */
export interface CnameChainResolver {
  followCnameChain(hostname: string): Promise<CnameChainLookup>;
}
