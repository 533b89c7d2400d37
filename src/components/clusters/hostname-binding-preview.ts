import { baseDomainOfCnameTarget } from "@/server/domain/managed-ingress/cname-target";
import { dnsManagementScopeFor, normalizeBindingHostname, type DnsManagementScope } from "@/server/domain/managed-ingress/hostname-binding";

export type BindingScopePreview =
  | { kind: "empty" }
  /** The server would refuse the name; `message` is the server's own wording (same domain function). */
  | { kind: "invalid"; message: string }
  | { kind: "scope"; hostname: string; scope: DnsManagementScope; baseDomain: string | null };

/**
 * The add-binding form's live preview (spec §1.4): which `dns_management_scope` the server will
 * compute. The console does not read system settings, so the base domain is taken from the
 * cluster's CNAME target (`cl-<id>.<base domain>`); the rule and the hostname normalisation are the
 * server's own domain functions, so the preview cannot drift from what create stores. Only a
 * preview: external hostnames are valid too, they are just self_managed.
 */
export function previewBindingScope(raw: string, cnameTarget: string | null): BindingScopePreview {
  if (raw.trim() === "") return { kind: "empty" };
  let hostname: string;
  try {
    hostname = normalizeBindingHostname(raw);
  } catch (error) {
    return { kind: "invalid", message: error instanceof Error ? error.message : String(error) };
  }
  const baseDomain = baseDomainOfCnameTarget(cnameTarget);
  return { kind: "scope", hostname, scope: dnsManagementScopeFor(hostname, baseDomain), baseDomain };
}
