import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import type { WorkloadBackendDecision } from "@/server/domain/workload-edge/backend-decision";
import { planWorkloadEdge, type EdgeClusterInput, type WorkloadEdgeSettings } from "@/server/domain/workload-edge/edge-plan";
import { describeClusterEdge, withRouteVerdict } from "@/server/domain/workload-edge/edge-status";
import type { ServiceDeps } from "@/server/services/service-deps";
import { clusterOwnerLabels } from "@/server/services/clusters/control-plane-provisioner";
import type { ExclusiveRunner } from "@/server/services/dns-automation/dns-provider";
import type { WorkloadEdgeManifest, WorkloadEdgeObjectStore } from "./ports";
import { judgeEdgeRoutes } from "./judge-edge-routes";
import { notServableReason, readClusterBackend, type BackendReadDeps } from "./read-cluster-backend";
import { writeEdgeStatuses, type ClusterEdgeOutcome, type EdgeStatusChange } from "./write-edge-statuses";

export interface WorkloadEdgeSyncDeps extends Pick<ServiceDeps, "db" | "log" | "now">, BackendReadDeps {
  store: WorkloadEdgeObjectStore;
  settings: WorkloadEdgeSettings;
  /** Runs the passes of all processes one at a time (a binding change in the web process, the loop in a worker). */
  passLock: ExclusiveRunner;
}

export interface WorkloadEdgeSyncResult {
  /** Clusters whose objects were applied this pass. */
  served: number;
  /** Clusters whose objects were left as they are (not ready yet, or a read or apply failed). */
  kept: number;
  deleted: number;
  /** Clusters whose status or message changed (what the loop logs). */
  changes: EdgeStatusChange[];
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const objectKey = (o: { kind: string; namespace: string; name: string }) => `${o.kind}/${o.namespace}/${o.name}`;

/**
 * One pass of the workload edge (docs/workload-edge.md "Runtime"), safe to run any time from any process:
 * reads every live cluster with managed ingress on and a CNAME target, decides each one's backend through
 * its own API, plans the whole edge, applies it (server-side apply), withdraws what is no longer wanted and
 * writes the statuses. A cluster that cannot be read or applied keeps what serves it now and is reported
 * `error`; the other clusters go on. A failed listing of the host's objects, or a Gateway that refuses the
 * listener patch (served clusters then show that error), throws: nothing is deleted, and the next pass retries.
 */
export async function syncWorkloadEdge(deps: WorkloadEdgeSyncDeps): Promise<WorkloadEdgeSyncResult> {
  return deps.passLock.runExclusive(() => syncLocked(deps));
}

async function syncLocked(deps: WorkloadEdgeSyncDeps): Promise<WorkloadEdgeSyncResult> {
  const rows = await deps.db.cluster.findMany({
    where: { status: { notIn: [...leavingClusterStatuses] } },
    include: { hostnameBindings: { select: { id: true, hostname: true, dnsManagementScope: true, workloadEdgeStatus: true, workloadEdgeMessage: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
    // Oldest first: when listeners run out or two clusters claim a hostname, the older keeps it.
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const owned = await deps.store.listOwned();
  const { namespace: gatewayNamespace } = deps.settings.gateway;
  const ownedCertificates = owned.filter((o) => o.kind === "Certificate" && o.namespace === gatewayNamespace).map((o) => o.name);
  const certificateReadiness = await deps.store.certificateReadiness(gatewayNamespace, ownedCertificates);

  const outcomes = new Map<string, ClusterEdgeOutcome>();
  const kept = new Set<string>();
  const inputs: EdgeClusterInput[] = [];
  for (const row of rows) {
    const cnameTarget = row.managedWorkloadIngressCnameTarget?.trim();
    if (!row.managedWorkloadIngressEnabled || !cnameTarget) {
      const why = row.managedWorkloadIngressEnabled ? "the cluster has no CNAME target (set managed_workload_ingress_base_domain in system settings)" : "managed ingress is off for this cluster";
      outcomes.set(row.id, { kind: "disabled", message: `Not on the workload Gateway: ${why}.` });
      continue;
    }
    let backend: WorkloadBackendDecision | null = null;
    const waiting = notServableReason(row);
    if (waiting) {
      outcomes.set(row.id, { kind: "pending", message: `Waiting: ${waiting}.` });
    } else {
      try {
        backend = await readClusterBackend(deps, row);
      } catch (err) {
        outcomes.set(row.id, { kind: "error", message: `The managed ingress controller could not be read through the cluster's API, so its edge was left as it is: ${message(err)}` });
      }
    }
    if (!backend) kept.add(row.id);
    inputs.push({
      id: row.id,
      namespace: row.namespace,
      release: row.vclusterName,
      labels: clusterOwnerLabels({ clusterId: row.id, ownerId: row.ownerId }),
      cnameTarget,
      bindings: row.hostnameBindings.map((b) => ({ id: b.id, hostname: b.hostname, scope: b.dnsManagementScope })),
      backend,
    });
  }

  // Kept clusters are planned too: their certificates' listeners must stay in the Gateway patch.
  const plan = planWorkloadEdge({ clusters: inputs, settings: deps.settings, certificateReadiness });
  const desired = new Set<string>();
  let served = 0;
  for (const cluster of plan.clusters) {
    if (!cluster.backend) continue;
    try {
      for (const manifest of cluster.manifests) {
        await deps.store.apply(manifest);
        desired.add(objectKey({ kind: manifest.kind, namespace: manifest.metadata.namespace, name: manifest.metadata.name }));
      }
      outcomes.set(cluster.clusterId, { kind: "served", edge: describeClusterEdge(cluster, cluster.backend) });
      served += 1;
    } catch (err) {
      kept.add(cluster.clusterId);
      outcomes.set(cluster.clusterId, { kind: "error", message: `Applying the cluster's workload edge objects failed, so what it had is kept: ${message(err)}` });
    }
  }
  try {
    await deps.store.apply(plan.listenersPatch);
  } catch (err) {
    // Nothing is withdrawn on a Gateway the platform could not write; every served cluster says why, and the pass fails.
    const { name, namespace } = deps.settings.gateway;
    const failure = new Error(
      `The workload Gateway ${namespace}/${name} could not take the platform's HTTPS listeners: ${message(err)}. Check that it exists (the chart's gatewayAPI.workload.enabled) and that KUBEBYON_WORKLOAD_GATEWAY_NAME and KUBEBYON_WORKLOAD_GATEWAY_NAMESPACE name it.`,
      { cause: err },
    );
    for (const [clusterId, outcome] of outcomes) if (outcome.kind === "served") outcomes.set(clusterId, { kind: "error", message: failure.message });
    await writeEdgeStatuses(deps, rows, outcomes);
    throw failure;
  }
  await judgeServedRoutes(deps, plan.clusters, outcomes);

  let deleted = 0;
  for (const object of owned) {
    if (desired.has(objectKey(object)) || (object.clusterId && kept.has(object.clusterId))) continue;
    try {
      await deps.store.delete(object);
      deleted += 1;
    } catch (err) {
      deps.log.warn("workload edge: deleting an object it no longer wants failed; retried at the next pass", { kind: object.kind, namespace: object.namespace, name: object.name, error: message(err) });
    }
  }
  if (deleted > 0) deps.log.info("workload edge: withdrew objects no longer wanted", { deleted });

  const changes = await writeEdgeStatuses(deps, rows, outcomes);
  for (const change of changes) deps.log.info("workload edge status changed", { cluster_id: change.clusterId, status: change.status, message: change.message });
  return { served, kept: kept.size, deleted, changes };
}

/**
 * Served means applied; `ready` needs the Gateway controller's word too (docs/workload-edge.md "How the status is
 * judged"): the Gateway is read once, each served cluster's routes after it. A Gateway that cannot be read leaves every
 * served cluster pending with the reason; the next pass looks again.
 */
async function judgeServedRoutes(deps: WorkloadEdgeSyncDeps, clusters: ReadonlyArray<{ clusterId: string; manifests: readonly WorkloadEdgeManifest[] }>, outcomes: Map<string, ClusterEdgeOutcome>): Promise<void> {
  const ref = deps.settings.gateway;
  let gateway: Awaited<ReturnType<WorkloadEdgeObjectStore["readGatewayStatus"]>>;
  try {
    gateway = await deps.store.readGatewayStatus(ref.namespace, ref.name);
  } catch (err) {
    const verdict = { status: "pending" as const, message: `The workload Gateway ${ref.namespace}/${ref.name} could not be read back (${message(err)}), so whether its controller accepted the routes is unknown; retried at the next pass.` };
    for (const [clusterId, outcome] of outcomes) if (outcome.kind === "served") outcomes.set(clusterId, { kind: "served", edge: withRouteVerdict(outcome.edge, verdict) });
    return;
  }
  for (const cluster of clusters) {
    const outcome = outcomes.get(cluster.clusterId);
    if (outcome?.kind !== "served") continue;
    const verdict = await judgeEdgeRoutes(deps.store, cluster.manifests, gateway, ref);
    outcomes.set(cluster.clusterId, { kind: "served", edge: withRouteVerdict(outcome.edge, verdict) });
  }
}
