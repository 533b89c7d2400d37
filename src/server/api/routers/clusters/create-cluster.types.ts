import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { publicAccessModeSchema } from "@/server/domain/clusters/public-access";
import { clusterViewSchema } from "@/server/services/clusters/cluster-view";
import { strictBoolean } from "@/server/api/strict-boolean";

export const createClusterMeta = {
  openapi: {
    method: "POST",
    path: "/clusters",
    protect: true,
    tags: ["clusters"],
    summary: "Create a cluster: recorded as provisioning, then a job installs its vCluster control plane",
  },
} satisfies OpenApiMeta;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const createClusterInput = z.object({
  name: z.string().trim().min(1, "name is required: give the cluster a name.").max(100, "Use at most 100 characters for the name."),
  vcluster_name: optionalText(53, "vcluster_name must be at most 53 characters (a Helm release name)."),
  namespace: optionalText(63, "namespace must be at most 63 characters."),
  control_plane_host: optionalText(253, "control_plane_host must be at most 253 characters."),
  public_access_enabled: strictBoolean("public_access_enabled must be true or false.").optional(),
  public_access_mode: publicAccessModeSchema.optional(),
  managed_workload_ingress_enabled: strictBoolean("managed_workload_ingress_enabled must be true or false.").optional(),
});
export const createClusterOutput = clusterViewSchema;
