import type { ClusterCredentials } from "@/server/domain/clusters/cluster-credentials";
import { recordNodeRegistration } from "@/server/services/join-sessions/record-node-registration";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { BootstrapCsrWatcher } from "./ports";

export interface ObserveBootstrapCsrsDeps extends Pick<ServiceDeps, "db" | "log" | "now"> {
  csrWatcher: BootstrapCsrWatcher;
}

/**
 * Token provenance for one cluster until `signal` aborts: each kubelet bootstrap CSR ties its token to the node
 * and finishes the join session waiting for it (record-node-registration.ts). Runs inside the node observation
 * of the cluster, so exactly one process watches a cluster's CSRs. Never throws: the watch reconnects by itself,
 * and a CSR that could not be recorded is recorded when the list is replayed (a history gap, the next observation).
 */
export async function observeBootstrapCsrs(deps: ObserveBootstrapCsrsDeps, clusterId: string, credentials: ClusterCredentials, signal: AbortSignal): Promise<void> {
  for await (const event of deps.csrWatcher.watch(credentials, signal)) {
    if (event.type === "error") {
      deps.log.warn("bootstrap CSR watch interrupted; it resumes by itself", { cluster_id: clusterId, error: event.error.message });
      continue;
    }
    const { csr } = event;
    try {
      const outcome = await recordNodeRegistration(deps, { clusterId, tokenId: csr.tokenId, nodeName: csr.nodeName, csrName: csr.name, observedAt: deps.now() });
      if (outcome.recorded) {
        deps.log.info("node joined with a join token", { cluster_id: clusterId, token_id: csr.tokenId, node: csr.nodeName, csr: csr.name, session_id: outcome.sessionId });
      }
    } catch (error) {
      deps.log.warn("could not record which join token the node used", { cluster_id: clusterId, node: csr.nodeName, csr: csr.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
