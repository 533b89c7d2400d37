import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { publicAccessModeSchema } from "@/server/domain/clusters/public-access";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";
import { clusterIdParam } from "./cluster-id-param";
import { strictBoolean } from "@/server/api/strict-boolean";

export const updateClusterMeta = {
  openapi: {
    method: "PATCH",
    path: "/clusters/{cluster_id}",
    protect: true,
    tags: ["clusters"],
    summary: "Change a cluster's name, public access, control_plane_host or plan; control-plane changes run as an update job",
  },
} satisfies OpenApiMeta;

export const updateClusterInput = z.object({
  cluster_id: clusterIdParam,
  name: z.string().trim().min(1, "name cannot be empty: give the cluster a name.").max(100, "Use at most 100 characters for the name.").optional(),
  // null or "" clears the host (not allowed while the mode is loadbalancer).
  control_plane_host: z.string().trim().max(253, "control_plane_host must be at most 253 characters.").nullable().optional(),
  public_access_enabled: strictBoolean("public_access_enabled must be true or false.").optional(),
  public_access_mode: publicAccessModeSchema.optional(),
  plan_id: z.string().trim().min(1).optional(),
  managed_workload_ingress_enabled: strictBoolean("managed_workload_ingress_enabled must be true or false.").optional(),
});
export const updateClusterOutput = clusterViewSchema;
