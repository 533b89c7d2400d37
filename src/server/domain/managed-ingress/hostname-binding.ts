import { z } from "zod";
import { AppError } from "@/server/domain/errors";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";
import { DNS_NAME_MAX_LENGTH } from "./cname-target";

/** Spec §1.3–§1.4: how a binding's DNS is run (PostgreSQL enum DnsManagementScope). */
export const dnsManagementScopes = ["platform_managed", "self_managed"] as const;
export const dnsManagementScopeSchema = z.enum(dnsManagementScopes);
export type DnsManagementScope = z.infer<typeof dnsManagementScopeSchema>;

/** Whether the binding's CNAME chain was seen to reach the cluster's target (PostgreSQL enum HostnameBindingStatus); written by the DNS check. */
export const hostnameBindingStatuses = ["pending", "ready", "error"] as const;
export const hostnameBindingStatusSchema = z.enum(hostnameBindingStatuses);

/** Bindings one cluster may hold; each is a route and a certificate name at the workload edge. */
export const MAX_HOSTNAME_BINDINGS_PER_CLUSTER = 100;

const bad = (message: string) => new AppError("BAD_REQUEST", message);

/**
 * A binding's hostname: an RFC 1123 host name with at least two labels,
 * lower-cased, without a trailing dot. Wildcards are not supported: the DNS
 * check resolves one exact name and the edge routes exact hosts.
 */
export function normalizeBindingHostname(raw: string): string {
  const name = raw.trim().toLowerCase().replace(/\.$/, "");
  if (name === "") throw bad("Give a hostname such as app.example.com.");
  if (name.includes("*")) throw bad(`Wildcard hostnames such as "${name}" are not supported: add each hostname (e.g. app.example.com) as its own binding.`);
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(name) || /[/:?#@\s]/.test(name)) {
    throw bad(`"${name}" is not a hostname: give only the name, e.g. app.example.com, without scheme, port, path or spaces.`);
  }
  if (name.length > DNS_NAME_MAX_LENGTH) throw bad(`The hostname is ${name.length} characters long; a DNS name has at most 253.`);
  const labels = name.split(".");
  if (labels.length < 2) throw bad(`"${name}" has a single label; use a fully qualified hostname such as ${name}.example.com.`);
  const long = labels.find((l) => l.length > 63);
  if (long) throw bad(`The label "${long.slice(0, 20)}…" of the hostname is ${long.length} characters long; each label has at most 63.`);
  const invalid = labels.find((l) => !isDnsLabel(l));
  if (invalid !== undefined) {
    throw bad(
      invalid === ""
        ? `"${name}" has an empty label (two dots in a row or a leading dot).`
        : `The label "${invalid}" of the hostname is not valid: use letters a–z, digits and hyphens, not starting or ending with a hyphen.`,
    );
  }
  return name;
}

/** True when `hostname` is the base domain itself or a name below it. */
export function isUnderDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/** platform_managed when the hostname lies in the platform's base domain (its DNS can be automated), else self_managed. */
export function dnsManagementScopeFor(hostname: string, baseDomain: string | null): DnsManagementScope {
  return baseDomain && isUnderDomain(hostname, baseDomain) ? "platform_managed" : "self_managed";
}
