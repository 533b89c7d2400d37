import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { nodeAlertKindSchema } from "@/server/domain/node-health/node-alert-rules";
import { timeInStateSchema } from "@/server/domain/node-health/time-in-state";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const getNodeHealthMeta = {
  openapi: {
    method: "GET",
    path: "/nodes/{node_name}/health",
    protect: true,
    tags: ["nodes"],
    summary: "A node's time in each state (Ready / NotReady / Offline, from its events) and its open health alerts",
  },
} satisfies OpenApiMeta;

export const getNodeHealthInput = z.object({ node_name: nodeNameParam, cluster_id: nodeClusterId });

export const nodeAlertViewSchema = z.object({
  id: z.string(),
  kind: nodeAlertKindSchema,
  opened_at: z.string(),
  /** null: recorded but not sent (inside the cooldown of the node's last alert). */
  notified_at: z.string().nullable(),
  /** Facts of the alert: state, since, duration_seconds (unhealthy); kubelet_version, control_plane_version, skew, supported (version_skew). */
  detail: z.record(z.string(), z.unknown()),
});

export const getNodeHealthOutput = z.object({
  cluster_id: z.string(),
  node_name: z.string(),
  time_in_state: timeInStateSchema,
  truncated: z.boolean(),
  open_alerts: z.array(nodeAlertViewSchema),
});
