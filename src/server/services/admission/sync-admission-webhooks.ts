import { AdmissionClusterWriteError } from "@/server/domain/admission/cluster-write-error";
import { interceptionOf } from "@/server/domain/admission/admission-policy";
import { admissionWebhookConfiguration, type AdmissionWebhookSettings } from "@/server/domain/admission/webhook-configuration";
import {
  enforcingMessage,
  nothingToEnforceMessage,
  WAITING_FOR_CLUSTER_MESSAGE,
  WEBHOOK_OFF_MESSAGE,
  type AdmissionWebhookStatus,
} from "@/server/domain/admission/webhook-status";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import type { Cluster } from "@/server/infra/db/client";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import { resolveClusterConnection } from "@/server/services/clusters/connect-to-cluster";
import type { ExclusiveRunner } from "@/server/services/dns-automation/dns-provider";
import type { ServiceDeps } from "@/server/services/service-deps";
import type { AdmissionEndpointResolver, AdmissionWebhookConfigurationStore } from "./admission-webhook-ports";
import { readAdmissionPolicy } from "./read-admission-policy";

export interface AdmissionWebhookSyncDeps extends ServiceDeps, ClusterConnectionDeps {
  store: AdmissionWebhookConfigurationStore;
  /** KUBEBYON_ADMISSION_WEBHOOK_*: off, or on with the webhooks' failure policy and timeout. */
  settings: { enabled: false } | ({ enabled: true } & AdmissionWebhookSettings);
  /** Set when enabled: where each cluster's apiserver calls the platform. */
  endpoint?: AdmissionEndpointResolver;
  /** Runs the passes of all processes one at a time (the loop's leader, "sync now" after a plan or order change). */
  passLock: ExclusiveRunner;
}

/** What a pass did to one cluster. */
export type AdmissionClusterAction = "applied" | "verified" | "removed" | "waiting" | "none" | "failed";

export interface AdmissionWebhookSyncResult {
  /** Per cluster id, for the loop's log and the tests. */
  actions: Map<string, AdmissionClusterAction>;
  /** Clusters whose status or message changed. */
  changes: Array<{ clusterId: string; status: AdmissionWebhookStatus; message: string | null }>;
}

type Row = Pick<
  Cluster,
  | "id"
  | "status"
  | "namespace"
  | "vclusterName"
  | "publicAccessEnabled"
  | "publicAccessMode"
  | "controlPlaneHost"
  | "admissionWebhookStatus"
  | "admissionWebhookMessage"
  | "admissionWebhookAppliedHash"
  | "admissionWebhookAppliedAt"
>;

interface Outcome {
  action: AdmissionClusterAction;
  status: AdmissionWebhookStatus;
  message: string | null;
  /** undefined: leave the stored hash and applied_at as they are. */
  applied?: { hash: string | null; at: Date | null };
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * One pass of the admission webhook configuration (docs/admission-webhook.md "Configuration in each vCluster"), safe
 * to run any time from any process. Enabled: for each ready cluster, the owner's current plan decides which webhooks
 * the configuration holds; it is applied when its hash differs from the stored one, and read back every pass (one GET
 * per cluster) so a configuration a cluster-admin deleted or replaced comes back at the next pass; a plan that enforces
 * nothing removes it. Disabled: configurations the platform applied earlier are removed, so turning the feature off
 * really turns enforcement off. One cluster's failure is its status (`error` and why); the others go on.
 */
export async function syncAdmissionWebhooks(deps: AdmissionWebhookSyncDeps): Promise<AdmissionWebhookSyncResult> {
  return deps.passLock.runExclusive(() => syncLocked(deps));
}

async function syncLocked(deps: AdmissionWebhookSyncDeps): Promise<AdmissionWebhookSyncResult> {
  const rows: Row[] = await deps.db.cluster.findMany({
    where: { status: { notIn: [...leavingClusterStatuses] } },
    select: {
      id: true,
      status: true,
      namespace: true,
      vclusterName: true,
      publicAccessEnabled: true,
      publicAccessMode: true,
      controlPlaneHost: true,
      admissionWebhookStatus: true,
      admissionWebhookMessage: true,
      admissionWebhookAppliedHash: true,
      admissionWebhookAppliedAt: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const result: AdmissionWebhookSyncResult = { actions: new Map(), changes: [] };
  for (const row of rows) {
    const outcome = deps.settings.enabled ? await syncCluster(deps, deps.settings, row) : await removeFromCluster(deps, row);
    result.actions.set(row.id, outcome.action);
    if (await writeOutcome(deps, row, outcome)) {
      result.changes.push({ clusterId: row.id, status: outcome.status, message: outcome.message });
      deps.log.info("admission webhook status changed", { cluster_id: row.id, status: outcome.status, message: outcome.message });
    }
  }
  return result;
}

/** Only called for ready clusters (the pass checks the status itself). */
async function credentialsOf(deps: AdmissionWebhookSyncDeps, row: Row) {
  const { credentials } = await resolveClusterConnection(deps, row);
  return credentials;
}

function failed(row: Row, what: string, err: unknown): Outcome {
  // An unreachable control plane keeps what it has: the configuration there is still the last one applied.
  const prefix = err instanceof AdmissionClusterWriteError && err.kind === "unreachable" ? `${what} (the cluster keeps its current configuration)` : what;
  return { action: "failed", status: "error", message: `${prefix}: ${messageOf(err)}` };
}

async function syncCluster(deps: AdmissionWebhookSyncDeps, settings: AdmissionWebhookSettings, row: Row): Promise<Outcome> {
  if (row.status !== "ready") {
    // Not reachable for writes yet (provisioning) or in flux (updating, error): a later pass catches up.
    if (row.admissionWebhookStatus === "disabled" && row.admissionWebhookAppliedHash === null) return { action: "waiting", status: "pending", message: WAITING_FOR_CLUSTER_MESSAGE };
    return { action: "waiting", status: row.admissionWebhookStatus, message: row.admissionWebhookMessage };
  }
  try {
    const policy = await readAdmissionPolicy(deps.db, row.id, deps.now());
    const interception = interceptionOf(policy);
    if (!policy || (!interception.nodes && !interception.pods)) {
      if (row.admissionWebhookAppliedHash === null) return { action: "none", status: "disabled", message: nothingToEnforceMessage(policy) };
      await deps.store.delete(await credentialsOf(deps, row));
      return { action: "removed", status: "disabled", message: nothingToEnforceMessage(policy), applied: { hash: null, at: null } };
    }
    if (!deps.endpoint) throw new Error("the admission webhook endpoint is not configured in this process");
    const desired = admissionWebhookConfiguration(interception, await deps.endpoint(row.id), settings);
    if (!desired) throw new Error("no webhook configuration for a policy that intercepts nodes or pods");
    const credentials = await credentialsOf(deps, row);
    const inCluster = await deps.store.readAppliedHash(credentials);
    const message = enforcingMessage(policy, interception);
    const stored = row.admissionWebhookAppliedHash;
    if (desired.hash === stored && inCluster === desired.hash) return { action: "verified", status: "ready", message };
    // Unchanged in the database but not in the cluster: a cluster-admin deleted or edited the platform's object.
    if (desired.hash === stored) deps.log.warn("admission webhook configuration was missing or changed in the cluster; re-applying", { cluster_id: row.id, found: inCluster === null ? "missing" : "changed" });
    await deps.store.apply(credentials, desired.manifest);
    return { action: "applied", status: "ready", message, applied: { hash: desired.hash, at: deps.now() } };
  } catch (err) {
    return failed(row, "The webhook configuration could not be written into the cluster", err);
  }
}

async function removeFromCluster(deps: AdmissionWebhookSyncDeps, row: Row): Promise<Outcome> {
  if (row.admissionWebhookAppliedHash === null) return { action: "none", status: "disabled", message: WEBHOOK_OFF_MESSAGE };
  // Applied earlier and the cluster not ready now: removed once it is (the delete job removes it on delete).
  if (row.status !== "ready") return { action: "waiting", status: "disabled", message: WEBHOOK_OFF_MESSAGE };
  try {
    await deps.store.delete(await credentialsOf(deps, row));
    return { action: "removed", status: "disabled", message: WEBHOOK_OFF_MESSAGE, applied: { hash: null, at: null } };
  } catch (err) {
    return failed(row, "The admission webhook is off in this deployment, but the configuration the platform wrote earlier could not be removed from the cluster", err);
  }
}

/** Writes the outcome when it changes the row; true when status or message changed. */
async function writeOutcome(deps: AdmissionWebhookSyncDeps, row: Row, outcome: Outcome): Promise<boolean> {
  const statusChanged = outcome.status !== row.admissionWebhookStatus || outcome.message !== row.admissionWebhookMessage;
  if (!statusChanged && outcome.applied === undefined) return false;
  await deps.db.cluster.updateMany({
    // A cluster whose delete began meanwhile is the delete job's now.
    where: { id: row.id, status: { notIn: [...leavingClusterStatuses] } },
    data: {
      admissionWebhookStatus: outcome.status,
      admissionWebhookMessage: outcome.message,
      ...(outcome.applied ? { admissionWebhookAppliedHash: outcome.applied.hash, admissionWebhookAppliedAt: outcome.applied.at } : {}),
    },
  });
  return statusChanged;
}
