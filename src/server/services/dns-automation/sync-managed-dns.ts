import { DnsProviderError } from "@/server/domain/dns/dns-provider-error";
import { leavingClusterStatuses } from "@/server/domain/clusters/cluster-states";
import {
  describeSource,
  ownerComment,
  planDnsChanges,
  sourceKey,
  type DesiredRecord,
  type ExistingRecord,
  type PlannedChange,
} from "@/server/domain/dns/managed-dns-records";
import type { Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";
import { readSystemSettings } from "@/server/services/settings/read-system-settings";
import type { DnsAutomationDeps, DnsProvider } from "./dns-provider";
import { CoalescedPasses } from "@/server/services/coalesced-passes";

export type DnsSyncDeps = ServiceDeps & DnsAutomationDeps;

export interface DnsSyncResult {
  /** disabled: automation off (nothing was sent to the provider); synced: every record in step; error: at least one failed. */
  status: "disabled" | "synced" | "error";
  created: number;
  updated: number;
  deleted: number;
  /** Sources (clusters, bindings) whose record could not be put in step. */
  failures: number;
  /** Some failure may pass by itself (provider 5xx, 429, network): worth retrying soon. */
  transient: boolean;
  /** The longest Retry-After the provider sent, if any. */
  retryAfterSeconds: number | undefined;
}

export const DNS_AUTOMATION_OFF_MESSAGE =
  "DNS automation is off in system settings (managed_workload_ingress_dns.enabled). Records it created earlier stay in the zone; turn it on again to keep them in step, or delete them in Cloudflare.";

type Outcome = { ok: true; message: string } | { ok: false; message: string; transient: boolean; retryAfterSeconds?: number };

/** Cluster states whose records are kept; a cluster being deleted (or gone) loses its records. */
export const LIVE_CLUSTERS: Prisma.ClusterWhereInput = { status: { notIn: [...leavingClusterStatuses] } };

/**
 * One reconcile pass of the platform's DNS records (spec: managed workload
 * ingress §1.4), safe to call any time and from any process:
 *   - per live cluster with a CNAME target: CNAME cname_target → record_target_hostname;
 *   - per platform_managed hostname binding of such a cluster: CNAME hostname → the cluster's cname_target;
 *   - platform-owned records (comment mark) without such a source are deleted; records without the mark are never touched.
 * Writes the structured DNS status of every live cluster and binding. When
 * automation is off nothing is sent to the provider and nothing is deleted:
 * the statuses say `disabled` and records stay where they are (docs/managed-ingress.md).
 * The API token is handed to the provider only; it is in no message, log line or status.
 *
 * The passes of all processes (web, workers, "sync now" callers) run one at a time under
 * dnsPassLock, so each sees what the one before wrote. No transaction is open while the
 * provider is called: the statuses are written together in one short transaction at the end.
 */
export async function syncManagedDns(deps: DnsSyncDeps): Promise<DnsSyncResult> {
  return deps.dnsPassLock.runExclusive(() => syncLocked(deps));
}

async function syncLocked(deps: DnsSyncDeps): Promise<DnsSyncResult> {
  const { db } = deps;
  const settings = (await readSystemSettings({ db })).managedWorkloadIngressDns;
  const clusters = await db.cluster.findMany({ where: LIVE_CLUSTERS, select: { id: true, managedWorkloadIngressCnameTarget: true }, orderBy: { createdAt: "asc" } });
  const bindings = await db.hostnameBinding.findMany({
    where: { cluster: LIVE_CLUSTERS },
    select: { id: true, clusterId: true, hostname: true, dnsManagementScope: true },
    orderBy: { createdAt: "asc" },
  });
  const empty: DnsSyncResult = { status: "disabled", created: 0, updated: 0, deleted: 0, failures: 0, transient: false, retryAfterSeconds: undefined };
  const { zoneId, apiToken } = settings.cloudflare;
  const recordTarget = settings.recordTargetHostname;
  if (!settings.enabled || settings.activeProvider !== "cloudflare" || !zoneId || !apiToken || !recordTarget) {
    await db.cluster.updateMany({ where: { ...LIVE_CLUSTERS, managedWorkloadIngressDnsStatus: { not: "disabled" } }, data: { managedWorkloadIngressDnsStatus: "disabled", managedWorkloadIngressDnsMessage: DNS_AUTOMATION_OFF_MESSAGE } });
    await db.hostnameBinding.updateMany({ where: { cluster: LIVE_CLUSTERS, dnsManagementStatus: { not: "disabled" } }, data: { dnsManagementStatus: "disabled", dnsManagementMessage: DNS_AUTOMATION_OFF_MESSAGE } });
    return empty;
  }

  const targetOf = new Map(clusters.map((c) => [c.id, c.managedWorkloadIngressCnameTarget]));
  const desired: DesiredRecord[] = [];
  for (const c of clusters) {
    if (c.managedWorkloadIngressCnameTarget) desired.push({ name: c.managedWorkloadIngressCnameTarget, content: recordTarget, source: { kind: "cluster", clusterId: c.id } });
  }
  for (const b of bindings) {
    const target = targetOf.get(b.clusterId);
    if (b.dnsManagementScope === "platform_managed" && target) {
      desired.push({ name: b.hostname, content: target, source: { kind: "binding", clusterId: b.clusterId, bindingId: b.id } });
    }
  }

  const provider = deps.dnsProviders({ zoneId, apiToken });
  const outcomes = new Map<string, Outcome>();
  const counts = { created: 0, updated: 0, deleted: 0 };
  let existing: ExistingRecord[] | null = null;
  try {
    existing = await provider.listRecords();
  } catch (error) {
    const failed = failure(error, "Listing the zone's DNS records failed");
    for (const d of desired) outcomes.set(sourceKey(d.source), failed);
  }
  if (existing) await apply(deps, provider, planDnsChanges(desired, existing), outcomes, counts);

  const now = deps.now();
  await db.$transaction(async (tx) => {
    for (const c of clusters) {
      const outcome = outcomes.get(sourceKey({ kind: "cluster", clusterId: c.id }));
      if (outcome) await writeClusterStatus(tx, c.id, outcome, now);
      else {
        await tx.cluster.updateMany({
          where: { id: c.id },
          data: { managedWorkloadIngressDnsStatus: "disabled", managedWorkloadIngressDnsMessage: "No CNAME target: set managed_workload_ingress_base_domain in system settings to give the cluster one." },
        });
      }
    }
    for (const b of bindings) {
      const outcome = outcomes.get(sourceKey({ kind: "binding", clusterId: b.clusterId, bindingId: b.id }));
      if (outcome) await writeBindingStatus(tx, b.id, outcome, now);
      else if (b.dnsManagementScope === "self_managed") {
        await tx.hostnameBinding.updateMany({
          where: { id: b.id },
          data: { dnsManagementStatus: "disabled", dnsManagementMessage: "Self-managed hostname: it is outside the platform's base domain, so create its CNAME at your own DNS provider." },
        });
      } else {
        await tx.hostnameBinding.updateMany({
          where: { id: b.id },
          data: { dnsManagementStatus: "pending", dnsManagementMessage: "Waiting for the cluster's CNAME target (managed_workload_ingress_base_domain)." },
        });
      }
    }
  });

  const failures = [...outcomes.values()].filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
  const retryAfters = failures.map((f) => f.retryAfterSeconds).filter((s): s is number => s !== undefined);
  const result: DnsSyncResult = {
    status: failures.length > 0 ? "error" : "synced",
    ...counts,
    failures: failures.length,
    transient: failures.some((f) => f.transient),
    retryAfterSeconds: retryAfters.length > 0 ? Math.max(...retryAfters) : undefined,
  };
  if (counts.created + counts.updated + counts.deleted > 0 || failures.length > 0) {
    deps.log.info("managed DNS records synced", { created: counts.created, updated: counts.updated, deleted: counts.deleted, failures: failures.length, first_error: failures[0]?.message });
  }
  return result;
}

/** Deletes first (a CNAME cannot share its name with another record), then updates and creates; one failure does not stop the others. */
async function apply(deps: DnsSyncDeps, provider: DnsProvider, plan: PlannedChange[], outcomes: Map<string, Outcome>, counts: { created: number; updated: number; deleted: number }) {
  for (const change of plan) {
    if (change.op !== "delete") continue;
    try {
      await provider.deleteRecord(change.record.id);
      counts.deleted += 1;
    } catch (error) {
      // The source is gone or no longer wants a record; if it still exists it shows why its old record remains.
      const failed = failure(error, `Deleting the old record ${change.record.name} failed`);
      if (!outcomes.has(sourceKey(change.source))) outcomes.set(sourceKey(change.source), failed);
      deps.log.warn("deleting a managed DNS record failed", { record: change.record.name, source: describeSource(change.source), error: failed.message });
    }
  }
  for (const change of plan) {
    if (change.op === "delete") continue;
    const { desired } = change;
    const key = sourceKey(desired.source);
    const write = { type: "CNAME" as const, name: desired.name, content: desired.content, comment: ownerComment(desired.source) };
    const done: Outcome = { ok: true, message: `CNAME ${desired.name} → ${desired.content} is in the zone.` };
    try {
      if (change.op === "keep") outcomes.set(key, done);
      else if (change.op === "conflict") outcomes.set(key, { ok: false, message: change.message, transient: false });
      else if (change.op === "create") {
        await provider.createRecord(write);
        counts.created += 1;
        outcomes.set(key, done);
      } else {
        await provider.updateRecord(change.recordId, write);
        counts.updated += 1;
        outcomes.set(key, done);
      }
    } catch (error) {
      outcomes.set(key, failure(error, `${change.op === "create" ? "Creating" : "Updating"} CNAME ${desired.name} → ${desired.content} failed`));
    }
  }
}

function failure(error: unknown, what: string): Extract<Outcome, { ok: false }> {
  if (error instanceof DnsProviderError) {
    const retry = error.kind === "transient" ? " The platform retries with backoff." : "";
    return { ok: false, message: `${what}: ${error.message}${retry}`, transient: error.kind === "transient", retryAfterSeconds: error.retryAfterSeconds };
  }
  return { ok: false, message: `${what}: ${error instanceof Error ? error.message : String(error)}`, transient: true };
}

// updateMany: a row deleted while the provider was called is simply gone, not an error.
async function writeClusterStatus(tx: Prisma.TransactionClient, id: string, outcome: Outcome, now: Date) {
  await tx.cluster.updateMany({
    where: { id },
    data: outcome.ok
      ? { managedWorkloadIngressDnsStatus: "synced", managedWorkloadIngressDnsMessage: outcome.message, managedWorkloadIngressDnsLastSyncedAt: now }
      : { managedWorkloadIngressDnsStatus: "error", managedWorkloadIngressDnsMessage: outcome.message, managedWorkloadIngressDnsLastError: outcome.message, managedWorkloadIngressDnsLastErrorAt: now },
  });
}

async function writeBindingStatus(tx: Prisma.TransactionClient, id: string, outcome: Outcome, now: Date) {
  await tx.hostnameBinding.updateMany({
    where: { id },
    data: outcome.ok
      ? { dnsManagementStatus: "synced", dnsManagementMessage: outcome.message, dnsManagementLastSyncedAt: now }
      : { dnsManagementStatus: "error", dnsManagementMessage: outcome.message, dnsManagementLastError: outcome.message, dnsManagementLastErrorAt: now },
  });
}


const requested = new CoalescedPasses<DnsSyncResult>();

/**
 * "Sync now" for request paths (a binding created or deleted, a cluster renamed, settings saved): starts
 * a pass after the caller's transaction committed and does not make the request wait for Cloudflare.
 * Requests coalesce per process — one pass running, at most one queued, which every later request joins —
 * so a burst of changes cannot tie up the connection pool with passes waiting for the lock.
 * Never rejects: failures are logged and written to the statuses by the pass; the periodic loop retries.
 * Returns the pass's promise for callers and tests that want to wait.
 */
export function requestManagedDnsSync(deps: DnsSyncDeps): Promise<DnsSyncResult | null> {
  // Keyed by the database client: one per process.
  return requested.request(deps.db, () => syncManagedDns(deps), (error) =>
    deps.log.warn("DNS automation pass failed", { error: error instanceof Error ? error.message : String(error) }),
  );
}
