import type { Viewer } from "@/server/domain/auth/viewer";
import type { NodeEventType } from "@/server/domain/nodes/node-events";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { ServiceDeps } from "@/server/services/service-deps";

export const NODE_EVENTS_DEFAULT_LIMIT = 100;
export const NODE_EVENTS_MAX_LIMIT = 500;

export interface ListNodeEventsInput {
  clusterId: string;
  nodeId?: string;
  nodeName?: string;
  type?: NodeEventType;
  limit: number;
}

export interface NodeEventRecord {
  id: string;
  clusterId: string;
  nodeId: string | null;
  nodeName: string;
  type: string;
  reason: string | null;
  message: string | null;
  observedAt: Date;
}

/** A cluster's node timeline from `node_events`, newest first (spec: observed_at DESC, id DESC). */
export async function listNodeEvents(deps: Pick<ServiceDeps, "db">, viewer: Viewer, input: ListNodeEventsInput): Promise<NodeEventRecord[]> {
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  return deps.db.nodeEvent.findMany({
    where: {
      clusterId: cluster.id,
      ...(input.nodeId ? { nodeId: input.nodeId } : {}),
      ...(input.nodeName ? { nodeName: input.nodeName } : {}),
      ...(input.type ? { type: input.type } : {}),
    },
    orderBy: [{ observedAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(1, input.limit), NODE_EVENTS_MAX_LIMIT),
    select: { id: true, clusterId: true, nodeId: true, nodeName: true, type: true, reason: true, message: true, observedAt: true },
  });
}
