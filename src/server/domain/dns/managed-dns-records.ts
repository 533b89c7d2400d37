/**
 * The DNS records the platform keeps in its own zone (spec: managed workload
 * ingress §1.4) and how a pass decides what to change. Pure: the use case
 * reads the database and the provider, this file only compares.
 *
 * Ownership: every record the platform creates carries the comment
 * `managed-by: kubebyon cluster=<id>` (plus ` binding=<id>` for a hostname
 * binding's record). A record without that mark is foreign: it is never
 * updated or deleted, and a foreign record at a name the platform wants is a
 * conflict reported on the cluster or binding that wanted it.
 */

export type RecordSource = { kind: "cluster"; clusterId: string } | { kind: "binding"; clusterId: string; bindingId: string };

/** A CNAME the database says should exist. */
export interface DesiredRecord {
  name: string;
  content: string;
  source: RecordSource;
}

/** A record as the provider lists it (any type). */
export interface ExistingRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  comment: string | null;
}

export const OWNER_MARK = "managed-by: kubebyon";

const OWNER_COMMENT = /^managed-by: kubebyon cluster=([a-z0-9_]+)(?: binding=([a-z0-9_]+))?$/;

export function ownerComment(source: RecordSource): string {
  return source.kind === "cluster" ? `${OWNER_MARK} cluster=${source.clusterId}` : `${OWNER_MARK} cluster=${source.clusterId} binding=${source.bindingId}`;
}

/** The source a platform-owned record was made for; null for a record the platform did not create. */
export function parseOwnerComment(comment: string | null | undefined): RecordSource | null {
  const m = OWNER_COMMENT.exec((comment ?? "").trim());
  if (!m?.[1]) return null;
  return m[2] ? { kind: "binding", clusterId: m[1], bindingId: m[2] } : { kind: "cluster", clusterId: m[1] };
}

/** DNS names compare case-insensitively and without the root's trailing dot. */
export function canonicalDnsName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, "");
}

export function sourceKey(source: RecordSource): string {
  return source.kind === "cluster" ? `cluster:${source.clusterId}` : `binding:${source.bindingId}`;
}

export function describeSource(source: RecordSource): string {
  return source.kind === "cluster" ? `cluster ${source.clusterId}` : `hostname binding ${source.bindingId} (cluster ${source.clusterId})`;
}

export type PlannedChange =
  | { op: "keep"; desired: DesiredRecord; recordId: string }
  | { op: "create"; desired: DesiredRecord }
  | { op: "update"; desired: DesiredRecord; recordId: string; from: string }
  /** A record the platform did not create sits at the wanted name (or another source wants the same name first). */
  | { op: "conflict"; desired: DesiredRecord; message: string }
  /** A platform-owned record whose source is gone. */
  | { op: "delete"; record: ExistingRecord; source: RecordSource };

/**
 * What one pass changes so that the zone holds exactly the desired CNAMEs
 * among the records the platform owns. Desired records are taken in order:
 * when two want one name, the first keeps it and the second is a conflict.
 */
export function planDnsChanges(desired: readonly DesiredRecord[], existing: readonly ExistingRecord[]): PlannedChange[] {
  const byName = new Map<string, ExistingRecord[]>();
  for (const record of existing) {
    const name = canonicalDnsName(record.name);
    byName.set(name, [...(byName.get(name) ?? []), record]);
  }
  const changes: PlannedChange[] = [];
  const claimed = new Map<string, RecordSource>();
  const usedRecordIds = new Set<string>();
  for (const want of desired) {
    const name = canonicalDnsName(want.name);
    const content = canonicalDnsName(want.content);
    const first = claimed.get(name);
    if (first) {
      changes.push({ op: "conflict", desired: want, message: `${name} is also the name of the record for ${describeSource(first)}; one name can hold one CNAME.` });
      continue;
    }
    claimed.set(name, want.source);
    const atName = byName.get(name) ?? [];
    const foreign = atName.find((r) => parseOwnerComment(r.comment) === null);
    if (foreign) {
      changes.push({
        op: "conflict",
        desired: want,
        message: `${name} already has a record (type ${foreign.type}, content ${foreign.content}) that KubeBYON did not create, so the platform leaves it alone; delete it in Cloudflare or choose another name, and the next pass creates the CNAME.`,
      });
      continue;
    }
    const ours = atName.find((r) => r.type.toUpperCase() === "CNAME");
    if (!ours) {
      changes.push({ op: "create", desired: { ...want, name, content } });
      continue;
    }
    usedRecordIds.add(ours.id);
    const sameSource = sourceKey(parseOwnerComment(ours.comment) as RecordSource) === sourceKey(want.source);
    if (canonicalDnsName(ours.content) === content && sameSource) changes.push({ op: "keep", desired: { ...want, name, content }, recordId: ours.id });
    else changes.push({ op: "update", desired: { ...want, name, content }, recordId: ours.id, from: ours.content });
  }
  for (const record of existing) {
    const source = parseOwnerComment(record.comment);
    if (source && !usedRecordIds.has(record.id)) changes.push({ op: "delete", record, source });
  }
  return changes;
}
