import { isDeepStrictEqual } from "node:util";
import { notFound } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { diffNodes, type NodeEventDraft, type NodeState } from "@/server/domain/nodes/node-events";
import type { NodeView } from "@/server/domain/nodes/node-view";
import { lockRowForUpdate, type Prisma } from "@/server/infra/db/client";
import type { ServiceDeps } from "@/server/services/service-deps";

export interface RecordedNodeEvent extends NodeEventDraft {
  id: string;
  nodeId: string;
  observedAt: Date;
}

export interface NodeSnapshotResult {
  /** Nodes present in the snapshot (inserted or refreshed). */
  upserted: number;
  /** Nodes that were live in the previous snapshot and are gone now. */
  markedDeleted: number;
  events: RecordedNodeEvent[];
}

/**
 * An unchanged node's `last_seen_at` is written at most this often. Every status post a kubelet makes reaches the
 * observer and each settled batch records the whole list, so refreshing every row on every snapshot made one
 * node's heartbeat cost a write of each node of its cluster (1 000 row updates per snapshot at 1 000 nodes).
 */
export const LAST_SEEN_REFRESH_MS = 60_000;

function snapshotColumns(view: NodeView) {
  return {
    status: view.status,
    internalIp: view.internal_ip,
    roles: view.roles,
    kubeletVersion: view.kubelet_version,
    osImage: view.os_image,
    kernelVersion: view.kernel_version,
    containerRuntimeVersion: view.container_runtime,
    cpuCapacity: view.capacity.cpu,
    memoryCapacity: view.capacity.memory,
    podCidr: view.pod_cidr,
    unschedulable: view.unschedulable,
    conditions: view.conditions,
    labels: view.labels,
  };
}

/**
 * Stores what a cluster's API server reported as the `nodes` snapshot and
 * appends the `node_events` implied by the change since the last snapshot, in
 * one transaction. Snapshots of the same cluster are serialised with a row
 * lock on the cluster, so two observers racing cannot both record the same
 * transition; an unchanged list records no events.
 */
export async function recordNodeSnapshot(
  deps: Pick<ServiceDeps, "db" | "now">,
  clusterId: string,
  nodes: readonly NodeView[],
): Promise<NodeSnapshotResult> {
  const current = [...new Map(nodes.map((n) => [n.name, n])).values()];
  return deps.db.$transaction(async (tx) => {
    if (!(await lockRowForUpdate(tx, "cluster", clusterId))) throw notFound(`Cluster ${clusterId}`);

    const now = deps.now();
    const rows = await tx.node.findMany({ where: { clusterId } });
    const live = rows.filter((r) => r.deletedAt === null);
    const previous: NodeState[] = live.map((r) => ({ name: r.name, status: r.status, unschedulable: r.unschedulable }));
    const drafts = diffNodes(previous, current);

    const idByName = new Map(rows.map((r) => [r.name, r.id]));
    const rowByName = new Map(live.map((r) => [r.name, r]));
    const onlySeen: string[] = [];
    const joined: Prisma.NodeCreateManyInput[] = [];
    for (const view of current) {
      const existingId = idByName.get(view.name);
      const columns = snapshotColumns(view);
      if (existingId === undefined) {
        const id = newId("nd");
        joined.push({ id, clusterId, name: view.name, ...columns, firstSeenAt: now, lastSeenAt: now });
        idByName.set(view.name, id);
        continue;
      }
      const row = rowByName.get(view.name);
      if (row && isDeepStrictEqual(columns, pick(row, columns))) {
        if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_REFRESH_MS) onlySeen.push(existingId);
        continue;
      }
      // A row deleted earlier and seen again is a node that re-joined under the same name.
      await tx.node.update({
        where: { id: existingId },
        data: { ...columns, lastSeenAt: now, deletedAt: null, ...(row ? {} : { firstSeenAt: now }) },
      });
    }
    // One statement for every new node: a cluster's first list of 1 000 nodes inserted row by row outlasted the
    // transaction's timeout on a loaded machine, and the observer never recorded it.
    if (joined.length > 0) await tx.node.createMany({ data: joined });
    if (onlySeen.length > 0) await tx.node.updateMany({ where: { id: { in: onlySeen } }, data: { lastSeenAt: now } });

    const currentNames = new Set(current.map((n) => n.name));
    const vanished = live.filter((r) => !currentNames.has(r.name));
    if (vanished.length > 0) {
      await tx.node.updateMany({ where: { id: { in: vanished.map((r) => r.id) } }, data: { deletedAt: now } });
    }

    // Readers order by observed_at DESC, id DESC and ids are random, so events of one snapshot
    // get consecutive milliseconds to keep "joined" before "ready" on a timeline.
    const events: RecordedNodeEvent[] = drafts.map((d, i) => {
      const nodeId = idByName.get(d.nodeName);
      if (nodeId === undefined) throw new Error(`internal: no nodes row for event of node ${d.nodeName}`);
      return { ...d, id: newId("nev"), nodeId, observedAt: new Date(now.getTime() + i) };
    });
    if (events.length > 0) {
      await tx.nodeEvent.createMany({
        data: events.map((e) => ({ id: e.id, clusterId, nodeId: e.nodeId, nodeName: e.nodeName, type: e.type, reason: e.reason, message: e.message, observedAt: e.observedAt })),
      });
    }
    return { upserted: current.length, markedDeleted: vanished.length, events };
  });
}

/** The row's values of the snapshot columns, to compare with what the API server reports now. */
function pick<T extends object>(row: Record<string, unknown>, like: T): T {
  return Object.fromEntries(Object.keys(like).map((k) => [k, row[k]])) as T;
}
