import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { strictBoolean } from "@/server/api/strict-boolean";
import { drainReportSchema } from "@/server/domain/nodes/drain-report";
import { nodeClusterId, nodeNameParam } from "./node-params";

export const DRAIN_DEFAULT_TIMEOUT_SECONDS = 120;
export const DRAIN_MAX_TIMEOUT_SECONDS = 600;

export const drainNodeMeta = {
  openapi: {
    method: "POST",
    path: "/nodes/{node_name}/drain",
    protect: true,
    tags: ["nodes"],
    summary:
      "Cordon a node and evict its pods like `kubectl drain --ignore-daemonsets` (PodDisruptionBudgets honoured; DaemonSet and mirror pods stay). Unmanaged pods need force, pods with emptyDir volumes need delete_emptydir_data; otherwise 412 lists them and nothing changes. Returns what happened to each pod",
  },
} satisfies OpenApiMeta;

export const drainNodeInput = z.object({
  node_name: nodeNameParam,
  cluster_id: nodeClusterId,
  timeout_seconds: z
    .number()
    .int()
    .min(1, "timeout_seconds is at least 1.")
    .max(DRAIN_MAX_TIMEOUT_SECONDS, `timeout_seconds is at most ${DRAIN_MAX_TIMEOUT_SECONDS}.`)
    .default(DRAIN_DEFAULT_TIMEOUT_SECONDS),
  force: strictBoolean("force must be true or false (a JSON boolean).")
    .default(false)
    .describe("Also evict pods no controller manages (kubectl drain --force); nothing recreates them."),
  delete_emptydir_data: strictBoolean("delete_emptydir_data must be true or false (a JSON boolean).")
    .default(false)
    .describe("Also evict pods with emptyDir volumes, deleting that data (kubectl drain --delete-emptydir-data)."),
});

export const drainNodeOutput = drainReportSchema;
