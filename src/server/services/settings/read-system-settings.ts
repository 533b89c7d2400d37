import { storedPublicAccessModeSchema, type StoredPublicAccessMode } from "@/server/domain/clusters/public-access";
import type { ServiceDeps } from "@/server/services/service-deps";

/** Keys of `system_settings` named by the spec; values are JSON. */
export const SYSTEM_SETTING_KEYS = {
  defaultClusterPublicAccessMode: "default_cluster_public_access_mode",
  joinBaseUrl: "join_base_url",
  publicBaseUrl: "public_base_url",
  managedWorkloadIngressBaseDomain: "managed_workload_ingress_base_domain",
} as const;

async function readSetting(deps: Pick<ServiceDeps, "db">, key: string): Promise<unknown> {
  const row = await deps.db.systemSetting.findUnique({ where: { key } });
  return row?.value ?? undefined;
}

/** The admin's default for new clusters (plan §5.2); nodeport until an admin chooses otherwise. */
export async function readDefaultPublicAccessMode(deps: Pick<ServiceDeps, "db">): Promise<StoredPublicAccessMode> {
  const parsed = storedPublicAccessModeSchema.safeParse(await readSetting(deps, SYSTEM_SETTING_KEYS.defaultClusterPublicAccessMode));
  return parsed.success ? parsed.data : "nodeport";
}

/** join_base_url (spec: maintained in System settings, not in the environment); undefined when unset. */
export async function readJoinBaseUrl(deps: Pick<ServiceDeps, "db">): Promise<string | undefined> {
  const value = await readSetting(deps, SYSTEM_SETTING_KEYS.joinBaseUrl);
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}
