import { z } from "zod";
import { dnsSyncStatuses, dnsSyncStatusSchema } from "@/server/domain/clusters/cluster-states";

const countsSchema = z.object(Object.fromEntries(dnsSyncStatuses.map((s) => [s, z.number().int()])) as Record<(typeof dnsSyncStatuses)[number], z.ZodNumber>);
export type DnsStatusCounts = z.infer<typeof countsSchema>;

/** Read-only summary for the back office: is the platform's DNS automation (§1.4) keeping its records in step? */
export const dnsAutomationHealthViewSchema = z.object({
  /** managed_workload_ingress_dns.enabled in the system settings. */
  enabled: z.boolean(),
  /** Enabled and every field a pass needs is set (record target, zone id, API token); otherwise passes only mark statuses disabled. */
  configured: z.boolean(),
  /** off: automation not enabled or not configured; ok: no live record in error; error: at least one is. */
  status: z.enum(["off", "ok", "error"]),
  /** Live clusters (not deleting or deleted) by managed_workload_ingress_dns_status. */
  clusters: countsSchema,
  /** Hostname bindings of live clusters by dns_management_status. */
  bindings: countsSchema,
  /** The latest successful sync of any live cluster or binding record. */
  last_synced_at: z.string().nullable(),
  /** The most recent failure recorded on a live cluster or binding, with its status now (synced again = recovered). */
  latest_error: z
    .object({
      source: z.enum(["cluster", "binding"]),
      cluster_id: z.string(),
      binding_id: z.string().nullable(),
      /** The record's name: the cluster's CNAME target or the binding's hostname. */
      name: z.string().nullable(),
      message: z.string(),
      at: z.string(),
      current_status: dnsSyncStatusSchema,
    })
    .nullable(),
});
export type DnsAutomationHealthView = z.infer<typeof dnsAutomationHealthViewSchema>;
