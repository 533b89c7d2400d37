import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { resetCommandsSchema } from "@/server/services/join-tokens/create-reset-commands";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";

export const createResetCommandsMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/reset-commands",
    protect: true,
    tags: ["join-tokens"],
    summary: "Issue a reset token (1 h, one use per joined node) and the --reset-only command for each node; run them BEFORE deleting the cluster",
  },
} satisfies OpenApiMeta;

export const createResetCommandsInput = z.object({ cluster_id: clusterIdParam });
export const createResetCommandsOutput = resetCommandsSchema;
