import { z } from "zod";
import type { NodeStatus } from "./node-view";

export const nodeEventTypes = ["joined", "ready", "not_ready", "offline", "cordoned", "uncordoned", "deleted"] as const;
export const nodeEventTypeSchema = z.enum(nodeEventTypes);
export type NodeEventType = z.infer<typeof nodeEventTypeSchema>;

/** What diffNodes compares: a node view or a stored `nodes` row both carry it. */
export interface NodeState {
  name: string;
  status: NodeStatus;
  unschedulable: boolean;
}

export interface NodeEventDraft {
  nodeName: string;
  type: NodeEventType;
  reason: string;
  message: string;
}

const STATUS_EVENT: Record<NodeStatus, NodeEventType> = {
  ready: "ready",
  not_ready: "not_ready",
  // Ready=Unknown means the control plane stopped hearing from the kubelet.
  unknown: "offline",
};

const STATUS_MESSAGE: Record<NodeStatus, string> = {
  ready: "Node is Ready.",
  not_ready: "Node reports NotReady.",
  unknown: "Node stopped reporting status (Ready is Unknown).",
};

function statusEvent(name: string, from: NodeStatus | null, to: NodeStatus): NodeEventDraft {
  return {
    nodeName: name,
    type: STATUS_EVENT[to],
    reason: from === null ? `StatusIs_${to}` : `StatusChanged_${from}_to_${to}`,
    message: STATUS_MESSAGE[to],
  };
}

/**
 * The node_events implied by going from one snapshot to the next, in a stable
 * order (by node name, then joined → status → scheduling). An unchanged list
 * yields nothing, so recording the same snapshot twice adds no events.
 */
export function diffNodes(previous: readonly NodeState[], current: readonly NodeState[]): NodeEventDraft[] {
  const before = new Map(previous.map((n) => [n.name, n]));
  const after = new Map(current.map((n) => [n.name, n]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const events: NodeEventDraft[] = [];
  for (const name of names) {
    const was = before.get(name);
    const now = after.get(name);
    if (!now) {
      events.push({ nodeName: name, type: "deleted", reason: "NodeDeleted", message: "Node object was removed from the cluster." });
      continue;
    }
    if (!was) {
      events.push({ nodeName: name, type: "joined", reason: "NodeJoined", message: `Node registered with status ${now.status}.` });
      // A node first seen not ready is the normal join sequence; only readiness is news.
      if (now.status === "ready") events.push(statusEvent(name, null, now.status));
      if (now.unschedulable) events.push({ nodeName: name, type: "cordoned", reason: "NodeUnschedulable", message: "Node is cordoned (unschedulable)." });
      continue;
    }
    if (was.status !== now.status) events.push(statusEvent(name, was.status, now.status));
    if (!was.unschedulable && now.unschedulable) {
      events.push({ nodeName: name, type: "cordoned", reason: "NodeUnschedulable", message: "Node is cordoned (unschedulable)." });
    } else if (was.unschedulable && !now.unschedulable) {
      events.push({ nodeName: name, type: "uncordoned", reason: "NodeSchedulable", message: "Node is schedulable again." });
    }
  }
  return events;
}
