import { hostOnly, splitHostPort, type PublicAccessMode } from "./public-access";

/**
 * Which public names a cluster's serving certificate must carry, and how a change of the
 * served name is recorded (docs/control-plane-edge.md "Changing the public name").
 *
 * The served name is the one users and nodes are given: control_plane_host, else (nodeport)
 * the derived host address. When it changes, the name it replaces stays in
 * controlPlane.proxy.extraSANs until `previousUntil` (KUBEBYON_SAN_GRACE_HOURS), so nodes that
 * joined on it keep passing TLS verification until they are re-joined. Only one previous
 * name is kept: a second change during the grace replaces it with the name that change replaced.
 */

export interface PreviousServedHost {
  previousHost: string | null;
  previousUntil: Date | null;
}

/** True while the previous name is still owed a place in the certificate. */
export function previousHostInGrace(row: PreviousServedHost, now: Date): boolean {
  return Boolean(row.previousHost?.trim()) && row.previousUntil !== null && row.previousUntil.getTime() > now.getTime();
}

/** The grace of the previous name has ended: the next render must leave it out (and clear it). */
export function previousHostExpired(row: PreviousServedHost, now: Date): boolean {
  return Boolean(row.previousHost?.trim()) && row.previousUntil !== null && row.previousUntil.getTime() <= now.getTime();
}

/**
 * The names the certificate must carry now, current first, host only (no port), no duplicates.
 * `currentHost` is the served name (control_plane_host or the derived nodeport address), null when none.
 * Exported for every place that serves the certificate's names: the helm values (extraSANs), and
 * the HAProxy edge and the Gateway TLSRoute, which must route the previous name during the grace too.
 */
export function servedControlPlaneHosts(input: { currentHost: string | null | undefined } & PreviousServedHost, now: Date): string[] {
  const names: string[] = [];
  const add = (value: string | null | undefined) => {
    const host = value?.trim() ? hostOnly(value.trim()) : "";
    if (host && !names.includes(host)) names.push(host);
  };
  add(input.currentHost);
  if (previousHostInGrace(input, now)) add(input.previousHost);
  return names;
}

/** The host of an https URL (api_endpoint), brackets of an IPv6 literal removed; null when it is not one. */
function hostOfUrl(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, "") || null;
  } catch {
    return null;
  }
}

const nameOf = (host: string | null | undefined): string | null => (host?.trim() ? splitHostPort(host.trim()).host : null);

export interface ServedNameBefore {
  controlPlaneHost: string | null;
  mode: PublicAccessMode;
  /** The endpoint users and nodes were given; without control_plane_host its host is the served name. */
  apiEndpoint: string | null;
  previousHost: string | null;
  previousUntil: Date | null;
}

export interface ServedNameAfter {
  controlPlaneHost: string | null;
  mode: PublicAccessMode;
}

export type ServedNameChange =
  | { changed: false }
  | { changed: true; previousHost: string | null; previousUntil: Date | null; changedAt: Date };

/**
 * Whether an update changes the served public name, and what to keep. The name before is
 * control_plane_host, else the host of api_endpoint (the derived nodeport address or the load
 * balancer's). After the change, without control_plane_host, the name is derived by the job
 * (nodeport host address, load-balancer address): it counts as unchanged only when the mode
 * stays the same and neither side has a control_plane_host.
 * `graceHours` 0: the old name is not kept. A change whose old side had no name keeps the
 * previous name already in grace (there is nothing newer to replace it with).
 */
export function servedNameChange(before: ServedNameBefore, after: ServedNameAfter, now: Date, graceHours: number): ServedNameChange {
  const beforeHost = nameOf(before.controlPlaneHost);
  const afterHost = nameOf(after.controlPlaneHost);
  const beforeName = before.mode === "off" ? beforeHost : (beforeHost ?? hostOfUrl(before.apiEndpoint));
  const changed = afterHost !== null ? afterHost !== beforeName : beforeName !== null && !(before.mode === after.mode && beforeHost === null);
  if (!changed) return { changed: false };
  if (beforeName === null || beforeName === afterHost) {
    return { changed: true, previousHost: before.previousHost, previousUntil: before.previousUntil, changedAt: now };
  }
  if (graceHours <= 0) return { changed: true, previousHost: null, previousUntil: null, changedAt: now };
  return { changed: true, previousHost: beforeName, previousUntil: new Date(now.getTime() + graceHours * 3_600_000), changedAt: now };
}
