import type { Viewer } from "@/server/domain/auth/viewer";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import { evaluateCnameChain, normalizeDnsName, type BindingDnsStatus, type CnameChainLookup, type CnameChainVerdict } from "@/server/domain/dns/cname-chain";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { CnameChainResolver } from "./cname-chain-resolver";

/** What the DNS check needs beside the database: the resolver that follows CNAME chains. */
export interface DnsCheckDeps extends ServiceDeps {
  dns: CnameChainResolver;
}

export interface BindingCheckResult {
  id: string;
  clusterId: string;
  hostname: string;
  status: BindingDnsStatus;
  /** The binding's last_error after the check: why it is not ready, with the observed chain; null when ready. */
  lastError: string | null;
  /** The names followed, hostname first. */
  observedChain: readonly string[];
  /** Whether status or last_error changed (and so was written). */
  changed: boolean;
}

/** Lookups at once in one pass: enough to keep a pass short, few enough not to flood a resolver. */
const CONCURRENCY = 8;

/** Clusters on their way out keep their bindings' last status; their DNS no longer matters. */
const UNCHECKED_CLUSTER_STATUSES = leavingClusterStatuses;

/**
 * The DNS check (spec managed-workload-ingress §3 item 1): follows the CNAME chain of every
 * hostname binding (or those of one cluster, or one binding) and judges it against the
 * cluster's managed_workload_ingress_cname_target with final-canonical semantics
 * (domain/dns/cname-chain.ts). The target's own chain is looked up once per cluster and pass.
 * A binding's status and last_error are written only when they change, and only if no other
 * pass changed them meanwhile (several worker processes run this loop), with updated_at.
 */
export async function checkHostnameBindings(deps: DnsCheckDeps, scope: { clusterId?: string; bindingId?: string } = {}): Promise<BindingCheckResult[]> {
  const bindings = await deps.db.hostnameBinding.findMany({
    where: {
      ...(scope.clusterId ? { clusterId: scope.clusterId } : {}),
      ...(scope.bindingId ? { id: scope.bindingId } : {}),
      cluster: { status: { notIn: [...UNCHECKED_CLUSTER_STATUSES] } },
    },
    select: { id: true, clusterId: true, hostname: true, status: true, lastError: true, cluster: { select: { managedWorkloadIngressCnameTarget: true } } },
    orderBy: [{ clusterId: "asc" }, { hostname: "asc" }],
  });

  const targetChains = new Map<string, Promise<CnameChainLookup>>();
  const targetChainOf = (target: string) => {
    const key = normalizeDnsName(target);
    let chain = targetChains.get(key);
    if (!chain) {
      chain = follow(deps, key);
      targetChains.set(key, chain);
    }
    return chain;
  };

  return mapWithConcurrency(bindings, CONCURRENCY, async (binding): Promise<BindingCheckResult> => {
    const target = binding.cluster.managedWorkloadIngressCnameTarget;
    const verdict: CnameChainVerdict = target
      ? evaluateCnameChain(await follow(deps, binding.hostname), target, await targetChainOf(target))
      : {
          status: "pending",
          message: `The cluster has no CNAME target yet, so ${binding.hostname} cannot be checked: an admin sets managed_workload_ingress_base_domain in the system settings, then point ${binding.hostname} at the cluster's managed_workload_ingress_cname_target.`,
          names: [normalizeDnsName(binding.hostname)],
          chain: normalizeDnsName(binding.hostname),
        };
    const changed = verdict.status !== binding.status || verdict.message !== binding.lastError;
    if (changed) {
      const { count } = await deps.db.hostnameBinding.updateMany({
        where: { id: binding.id, status: binding.status, lastError: binding.lastError },
        data: { status: verdict.status, lastError: verdict.message, updatedAt: deps.now() },
      });
      if (count > 0) {
        deps.log.info("hostname binding DNS status changed", {
          hostname_binding_id: binding.id,
          cluster_id: binding.clusterId,
          hostname: binding.hostname,
          from: binding.status,
          to: verdict.status,
          chain: verdict.chain,
        });
      }
    }
    return { id: binding.id, clusterId: binding.clusterId, hostname: binding.hostname, status: verdict.status, lastError: verdict.message, observedChain: verdict.names, changed };
  });
}

/** The console's and the API's "check now": the DNS check of one cluster's bindings, owner-scoped (another user's cluster is NOT_FOUND). */
export async function checkClusterHostnameBindingsNow(deps: DnsCheckDeps, viewer: Viewer, clusterId: string): Promise<{ checkedAt: Date; results: BindingCheckResult[] }> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const checkedAt = deps.now();
  const results = await checkHostnameBindings(deps, { clusterId: cluster.id });
  return { checkedAt, results };
}

/** The resolver's answer; an adapter that throws anyway (a bug, not DNS) counts as a resolver failure, so one binding cannot stop the pass. */
async function follow(deps: DnsCheckDeps, hostname: string): Promise<CnameChainLookup> {
  try {
    return await deps.dns.followCnameChain(hostname);
  } catch (error) {
    deps.log.warn("DNS check lookup threw", { hostname, error: error instanceof Error ? error.message : String(error) });
    return { names: [normalizeDnsName(hostname)], end: { kind: "resolver_failure", code: "EUNEXPECTED", detail: error instanceof Error ? error.message : String(error) } };
  }
}

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
