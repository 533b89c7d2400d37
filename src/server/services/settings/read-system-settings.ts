import { publicAccessModeSchema, type PublicAccessMode } from "@/server/domain/clusters/public-access";
import { DEFAULT_SYSTEM_SETTINGS, type ManagedIngressDnsSettings, type SystemSettings } from "@/server/domain/settings/system-settings";
import { OAUTH_PROVIDER_KEYS, type StoredOAuthClients } from "@/server/domain/settings/oauth-clients";
import { EMPTY_SMTP, type StoredSmtp } from "@/server/domain/settings/smtp-settings";
import type { Prisma } from "@/server/infra/db/client";

/** Keys of `system_settings` named by the spec; values are JSON. */
export const SYSTEM_SETTING_KEYS = {
  defaultClusterPublicAccessMode: "default_cluster_public_access_mode",
  joinBaseUrl: "join_base_url",
  publicBaseUrl: "public_base_url",
  managedWorkloadIngressBaseDomain: "managed_workload_ingress_base_domain",
  managedWorkloadIngressDns: "managed_workload_ingress_dns",
  oauthClients: "oauth_clients",
  smtp: "smtp",
  nodePortHostAddress: "nodeport_host_address",
} as const;

/** Works with the pool client and inside a transaction alike. */
type SettingsReader = { db: Pick<Prisma.TransactionClient, "systemSetting"> };

async function readSetting(deps: SettingsReader, key: string): Promise<unknown> {
  const row = await deps.db.systemSetting.findUnique({ where: { key } });
  return row?.value ?? undefined;
}

const stringOrNull = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Stored JSON → settings; anything unreadable falls back to the default, so a bad row never breaks cluster creation. */
function dnsFromJson(value: unknown): ManagedIngressDnsSettings {
  const dns = record(value);
  const cf = record(dns.cloudflare);
  return {
    enabled: dns.enabled === true,
    activeProvider: "cloudflare",
    recordTargetHostname: stringOrNull(dns.record_target_hostname),
    cloudflare: { zoneId: stringOrNull(cf.zone_id), apiToken: stringOrNull(cf.api_token) },
  };
}

/** The JSON written for the DNS setting (spec field names, secret included: only views mask it). */
export function dnsToJson(dns: ManagedIngressDnsSettings) {
  return {
    enabled: dns.enabled,
    active_provider: dns.activeProvider,
    record_target_hostname: dns.recordTargetHostname,
    cloudflare: { zone_id: dns.cloudflare.zoneId, api_token: dns.cloudflare.apiToken },
  };
}

function oauthFromJson(value: unknown): StoredOAuthClients {
  const all = record(value);
  const one = (v: unknown) => ({ clientId: stringOrNull(record(v).client_id), clientSecret: stringOrNull(record(v).client_secret) });
  return { github: one(all.github), google: one(all.google) };
}

/** The JSON written for the OAuth apps (secrets included: only views and audit mask them); null when nothing is set. */
export function oauthToJson(oauth: StoredOAuthClients): Record<string, { client_id: string | null; client_secret: string | null }> | null {
  const entries = OAUTH_PROVIDER_KEYS.filter((p) => oauth[p].clientId || oauth[p].clientSecret).map((p) => [p, { client_id: oauth[p].clientId, client_secret: oauth[p].clientSecret }] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

function smtpFromJson(value: unknown): StoredSmtp {
  const v = record(value);
  const port = typeof v.port === "number" && Number.isInteger(v.port) && v.port > 0 && v.port < 65536 ? v.port : EMPTY_SMTP.port;
  return { host: stringOrNull(v.host), port, secure: v.secure === true, user: stringOrNull(v.user), password: stringOrNull(v.password), from: stringOrNull(v.from) };
}

/** The JSON written for the SMTP server (password included: only views and audit mask it); null when nothing is set. */
export function smtpToJson(smtp: StoredSmtp): { host: string | null; port: number; secure: boolean; user: string | null; password: string | null; from: string | null } | null {
  const untouched = !smtp.host && !smtp.user && !smtp.password && !smtp.from && smtp.port === EMPTY_SMTP.port && smtp.secure === EMPTY_SMTP.secure;
  return untouched ? null : { host: smtp.host, port: smtp.port, secure: smtp.secure, user: smtp.user, password: smtp.password, from: smtp.from };
}

/** Only the stored SMTP server, for the mailer (cached in effective-smtp.ts). */
export async function readSmtpSettings(deps: SettingsReader): Promise<StoredSmtp> {
  return smtpFromJson(await readSetting(deps, SYSTEM_SETTING_KEYS.smtp));
}

/** Only the stored OAuth apps, for next-auth on every sign-in request. */
export async function readOAuthClients(deps: SettingsReader): Promise<StoredOAuthClients> {
  return oauthFromJson(await readSetting(deps, SYSTEM_SETTING_KEYS.oauthClients));
}

/** Every system setting, with defaults for the ones never saved. */
export async function readSystemSettings(deps: SettingsReader): Promise<SystemSettings> {
  const rows = await deps.db.systemSetting.findMany({ where: { key: { in: Object.values(SYSTEM_SETTING_KEYS) } } });
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const mode = publicAccessModeSchema.safeParse(value(SYSTEM_SETTING_KEYS.defaultClusterPublicAccessMode));
  return {
    joinBaseUrl: stringOrNull(value(SYSTEM_SETTING_KEYS.joinBaseUrl)),
    publicBaseUrl: stringOrNull(value(SYSTEM_SETTING_KEYS.publicBaseUrl)),
    defaultClusterPublicAccessMode: mode.success ? mode.data : DEFAULT_SYSTEM_SETTINGS.defaultClusterPublicAccessMode,
    managedWorkloadIngressBaseDomain: stringOrNull(value(SYSTEM_SETTING_KEYS.managedWorkloadIngressBaseDomain)),
    managedWorkloadIngressDns: dnsFromJson(value(SYSTEM_SETTING_KEYS.managedWorkloadIngressDns)),
    nodePortHostAddress: stringOrNull(value(SYSTEM_SETTING_KEYS.nodePortHostAddress)),
    oauth: oauthFromJson(value(SYSTEM_SETTING_KEYS.oauthClients)),
    smtp: smtpFromJson(value(SYSTEM_SETTING_KEYS.smtp)),
  };
}

/** The admin's default for new clusters (plan §5.2); nodeport until an admin chooses otherwise. */
export async function readDefaultPublicAccessMode(deps: SettingsReader): Promise<PublicAccessMode> {
  const parsed = publicAccessModeSchema.safeParse(await readSetting(deps, SYSTEM_SETTING_KEYS.defaultClusterPublicAccessMode));
  return parsed.success ? parsed.data : DEFAULT_SYSTEM_SETTINGS.defaultClusterPublicAccessMode;
}

/** join_base_url (spec: maintained in System settings, not in the environment); undefined when unset. */
export async function readJoinBaseUrl(deps: SettingsReader): Promise<string | undefined> {
  return stringOrNull(await readSetting(deps, SYSTEM_SETTING_KEYS.joinBaseUrl)) ?? undefined;
}

/** nodeport_host_address: the host address of NodePort control planes without control_plane_host; null = derive from host Nodes. */
export async function readNodePortHostAddress(deps: SettingsReader): Promise<string | null> {
  return stringOrNull(await readSetting(deps, SYSTEM_SETTING_KEYS.nodePortHostAddress));
}
