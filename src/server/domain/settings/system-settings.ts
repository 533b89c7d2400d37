import { AppError } from "@/server/domain/errors";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";
import { isValidControlPlaneHost, splitHostPort, type PublicAccessMode } from "@/server/domain/clusters/public-access";
import { applyOAuthClientsPatch, EMPTY_OAUTH_CLIENTS, type OAuthClientsPatch, type StoredOAuthClients } from "./oauth-clients";
import { applySmtpPatch, EMPTY_SMTP, type SmtpPatch, type StoredSmtp } from "./smtp-settings";

/**
 * System settings (spec: 系统设置) as one typed value, and the rules for changing
 * them. Secrets (the DNS provider's API token) are write-only: they are stored
 * here but every view masks them, and an empty input keeps the stored one.
 */
export interface SystemSettings {
  joinBaseUrl: string | null;
  publicBaseUrl: string | null;
  defaultClusterPublicAccessMode: PublicAccessMode;
  managedWorkloadIngressBaseDomain: string | null;
  managedWorkloadIngressDns: ManagedIngressDnsSettings;
  /** Host address of NodePort control planes without control_plane_host; null derives it from the host's Ready Nodes. */
  nodePortHostAddress: string | null;
  /** GitHub / Google login apps; the environment's take precedence (oauth-clients.ts). */
  oauth: StoredOAuthClients;
  /** The SMTP server; KUBEBYON_SMTP_HOST takes precedence (smtp-settings.ts). */
  smtp: StoredSmtp;
}

/** The one DNS provider the managed workload ingress can drive today. */
export const MANAGED_DNS_PROVIDER = "cloudflare";

export interface ManagedIngressDnsSettings {
  enabled: boolean;
  activeProvider: typeof MANAGED_DNS_PROVIDER;
  recordTargetHostname: string | null;
  cloudflare: { zoneId: string | null; apiToken: string | null };
}

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  joinBaseUrl: null,
  publicBaseUrl: null,
  defaultClusterPublicAccessMode: "nodeport",
  managedWorkloadIngressBaseDomain: null,
  managedWorkloadIngressDns: { enabled: false, activeProvider: MANAGED_DNS_PROVIDER, recordTargetHostname: null, cloudflare: { zoneId: null, apiToken: null } },
  nodePortHostAddress: null,
  oauth: EMPTY_OAUTH_CLIENTS,
  smtp: EMPTY_SMTP,
};

/** A patch: absent keeps; null (or "") clears; for the API token "" also keeps, only null clears. */
export interface SystemSettingsPatch {
  joinBaseUrl?: string | null;
  publicBaseUrl?: string | null;
  defaultClusterPublicAccessMode?: PublicAccessMode;
  managedWorkloadIngressBaseDomain?: string | null;
  managedWorkloadIngressDns?: {
    enabled?: boolean;
    recordTargetHostname?: string | null;
    cloudflare?: { zoneId?: string | null; apiToken?: string | null };
  };
  nodePortHostAddress?: string | null;
  oauth?: OAuthClientsPatch;
  smtp?: SmtpPatch;
}

const bad = (message: string) => new AppError("BAD_REQUEST", message);

/** http(s) origin plus optional path, no credentials, query or fragment; the trailing slash is dropped. */
export function normalizeBaseUrl(field: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw bad(`${field} must be a full URL starting with http:// or https://, for example https://kubebyon.example.com.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw bad(`${field} must start with http:// or https://.`);
  if (url.username || url.password) throw bad(`${field} must not contain a user name or password.`);
  if (url.search || url.hash) throw bad(`${field} must not contain a query (?…) or fragment (#…).`);
  return url.toString().replace(/\/+$/, "");
}

/** A DNS name with at least two labels ("apps.example.com"), lowercased, without a trailing dot. */
export function normalizeDnsName(field: string, raw: string): string {
  const name = raw.trim().toLowerCase().replace(/\.$/, "");
  const labels = name.split(".");
  if (name.length > 253 || labels.length < 2 || !labels.every((l) => isDnsLabel(l))) {
    throw bad(`${field} must be a DNS name such as apps.example.com (letters, digits and hyphens; no scheme, port or path).`);
  }
  return name;
}

/** An IP address or host name, no port (the NodePort is the cluster's own): it goes into the certificate SANs as is. */
function normalizeNodePortHostAddress(raw: string): string {
  const value = raw.trim();
  if (!isValidControlPlaneHost(value) || splitHostPort(value).port !== undefined) {
    throw bad("nodeport_host_address must be the IP address or host name users reach the host nodes on, without scheme or port, e.g. 203.0.113.10.");
  }
  return splitHostPort(value).host.toLowerCase();
}

const CLOUDFLARE_ZONE_ID = /^[0-9a-f]{32}$/;

function normalizeZoneId(raw: string): string {
  const id = raw.trim().toLowerCase();
  if (!CLOUDFLARE_ZONE_ID.test(id)) throw bad("cloudflare.zone_id must be the 32-character Zone ID shown on the zone's Overview page in Cloudflare.");
  return id;
}

function normalizeApiToken(raw: string): string {
  const token = raw.trim();
  if (token.length < 20 || token.length > 200 || /\s/.test(token)) {
    throw bad("cloudflare.api_token does not look like a Cloudflare API token (20–200 characters, no spaces). Create one with Zone.DNS edit permission.");
  }
  return token;
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v);

function applyOptional(current: string | null, patch: string | null | undefined, normalize: (raw: string) => string): string | null {
  const value = blankToNull(patch);
  if (value === undefined) return current;
  return value === null ? null : normalize(value);
}

/** The settings after a patch, validated as a whole (DNS automation needs all its fields); throws BAD_REQUEST with the fix. */
export function applySettingsPatch(current: SystemSettings, patch: SystemSettingsPatch): SystemSettings {
  const dnsPatch = patch.managedWorkloadIngressDns ?? {};
  const cf = dnsPatch.cloudflare ?? {};
  const currentDns = current.managedWorkloadIngressDns;
  const next: SystemSettings = {
    joinBaseUrl: applyOptional(current.joinBaseUrl, patch.joinBaseUrl, (v) => normalizeBaseUrl("join_base_url", v)),
    publicBaseUrl: applyOptional(current.publicBaseUrl, patch.publicBaseUrl, (v) => normalizeBaseUrl("public_base_url", v)),
    defaultClusterPublicAccessMode: patch.defaultClusterPublicAccessMode ?? current.defaultClusterPublicAccessMode,
    managedWorkloadIngressBaseDomain: applyOptional(current.managedWorkloadIngressBaseDomain, patch.managedWorkloadIngressBaseDomain, (v) =>
      normalizeDnsName("managed_workload_ingress_base_domain", v),
    ),
    managedWorkloadIngressDns: {
      enabled: dnsPatch.enabled ?? currentDns.enabled,
      activeProvider: MANAGED_DNS_PROVIDER,
      recordTargetHostname: applyOptional(currentDns.recordTargetHostname, dnsPatch.recordTargetHostname, (v) => normalizeDnsName("record_target_hostname", v)),
      cloudflare: {
        zoneId: applyOptional(currentDns.cloudflare.zoneId, cf.zoneId, normalizeZoneId),
        // Write-only secret: an empty field in the form means "keep what is stored"; only an explicit null removes it.
        apiToken: cf.apiToken === null ? null : cf.apiToken?.trim() ? normalizeApiToken(cf.apiToken) : currentDns.cloudflare.apiToken,
      },
    },
    nodePortHostAddress: applyOptional(current.nodePortHostAddress, patch.nodePortHostAddress, normalizeNodePortHostAddress),
    oauth: applyOAuthClientsPatch(current.oauth, patch.oauth),
    smtp: applySmtpPatch(current.smtp, patch.smtp),
  };
  const dns = next.managedWorkloadIngressDns;
  if (dns.enabled) {
    const missing = [
      !next.managedWorkloadIngressBaseDomain && "managed_workload_ingress_base_domain",
      !dns.recordTargetHostname && "record_target_hostname",
      !dns.cloudflare.zoneId && "cloudflare.zone_id",
      !dns.cloudflare.apiToken && "cloudflare.api_token",
    ].filter((f): f is string => typeof f === "string");
    if (missing.length > 0) throw bad(`DNS automation needs ${missing.join(", ")}. Fill them in or turn DNS automation off.`);
  }
  return next;
}

/** How a stored secret is shown: the last four characters of a long one, otherwise only that it is set. */
export function secretHint(secret: string | null): string | null {
  if (!secret) return null;
  return secret.length >= 16 ? `••••${secret.slice(-4)}` : "set";
}
