import { z } from "zod";
import type { KubeNode, KubeTime } from "./kube-node";

export const nodeStatuses = ["ready", "not_ready", "unknown"] as const;
export const nodeStatusSchema = z.enum(nodeStatuses);
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

const resourcesSchema = z.object({
  cpu: z.string().nullable(),
  memory: z.string().nullable(),
  pods: z.string().nullable(),
});

export const nodeConditionViewSchema = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  message: z.string().nullable(),
  last_heartbeat_at: z.string().nullable(),
  last_transition_at: z.string().nullable(),
});

/** One node as the console API returns it (field names are the spec's snake_case). */
export const nodeViewSchema = z.object({
  name: z.string(),
  status: nodeStatusSchema,
  internal_ip: z.string().nullable(),
  external_ip: z.string().nullable(),
  roles: z.array(z.string()),
  kubelet_version: z.string().nullable(),
  os_image: z.string().nullable(),
  kernel_version: z.string().nullable(),
  container_runtime: z.string().nullable(),
  pod_cidr: z.string().nullable(),
  taints: z.array(z.object({ key: z.string(), value: z.string().nullable(), effect: z.string() })),
  unschedulable: z.boolean(),
  capacity: resourcesSchema,
  allocatable: resourcesSchema,
  conditions: z.array(nodeConditionViewSchema),
  labels: z.record(z.string(), z.string()),
  created_at: z.string().nullable(),
  age_seconds: z.number().int().nonnegative().nullable(),
});
export type NodeView = z.infer<typeof nodeViewSchema>;

const ROLE_LABEL_PREFIX = "node-role.kubernetes.io/";

function isoTime(t: KubeTime | undefined): string | null {
  if (t === undefined) return null;
  const d = typeof t === "string" ? new Date(t) : t;
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Kubelet's Ready condition decides: True → ready, False → not_ready, Unknown or missing → unknown. */
export function nodeStatusOf(node: KubeNode): NodeStatus {
  const ready = node.status?.conditions?.find((c) => c.type === "Ready");
  if (ready?.status === "True") return "ready";
  if (ready?.status === "False") return "not_ready";
  return "unknown";
}

/** Roles come from `node-role.kubernetes.io/<role>` label keys (kubectl's ROLES column). */
export function nodeRolesOf(labels: Record<string, string> | undefined): string[] {
  return Object.keys(labels ?? {})
    .filter((k) => k.startsWith(ROLE_LABEL_PREFIX) && k.length > ROLE_LABEL_PREFIX.length)
    .map((k) => k.slice(ROLE_LABEL_PREFIX.length))
    .sort();
}

function addressOf(node: KubeNode, type: string): string | null {
  return node.status?.addresses?.find((a) => a.type === type)?.address ?? null;
}

function resources(list: Record<string, string> | undefined) {
  return { cpu: list?.cpu ?? null, memory: list?.memory ?? null, pods: list?.pods ?? null };
}

export function toNodeView(node: KubeNode, now: Date = new Date()): NodeView {
  const info = node.status?.nodeInfo;
  const createdAt = isoTime(node.metadata?.creationTimestamp);
  return {
    name: node.metadata?.name ?? "",
    status: nodeStatusOf(node),
    internal_ip: addressOf(node, "InternalIP"),
    external_ip: addressOf(node, "ExternalIP"),
    roles: nodeRolesOf(node.metadata?.labels),
    kubelet_version: info?.kubeletVersion || null,
    os_image: info?.osImage || null,
    kernel_version: info?.kernelVersion || null,
    container_runtime: info?.containerRuntimeVersion || null,
    pod_cidr: node.spec?.podCIDR ?? null,
    taints: (node.spec?.taints ?? []).map((t) => ({ key: t.key, value: t.value ?? null, effect: t.effect })),
    unschedulable: node.spec?.unschedulable === true,
    capacity: resources(node.status?.capacity),
    allocatable: resources(node.status?.allocatable),
    conditions: (node.status?.conditions ?? []).map((c) => ({
      type: c.type,
      status: c.status,
      reason: c.reason ?? null,
      message: c.message ?? null,
      last_heartbeat_at: isoTime(c.lastHeartbeatTime),
      last_transition_at: isoTime(c.lastTransitionTime),
    })),
    labels: { ...(node.metadata?.labels ?? {}) },
    created_at: createdAt,
    // Clamped: a node clock ahead of ours must not produce a negative age.
    age_seconds: createdAt === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 1000)),
  };
}
