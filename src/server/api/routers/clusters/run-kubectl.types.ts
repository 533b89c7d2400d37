import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { MAX_KUBECTL_ARGS, MAX_KUBECTL_COMMAND_LENGTH } from "@/server/domain/kubectl/kubectl-policy";
import { clusterIdParam } from "./cluster-id-param";

export const runKubectlMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/kubectl",
    protect: true,
    tags: ["clusters"],
    summary: "Run a read-only kubectl command against the cluster (write, exec, proxy and watch commands are refused)",
  },
} satisfies OpenApiMeta;

export const runKubectlInput = z
  .object({
    cluster_id: clusterIdParam,
    command: z.string().max(MAX_KUBECTL_COMMAND_LENGTH, `command is longer than ${MAX_KUBECTL_COMMAND_LENGTH} characters; shorten it.`).optional(),
    args: z.array(z.string().max(MAX_KUBECTL_COMMAND_LENGTH)).max(MAX_KUBECTL_ARGS, `args has more than ${MAX_KUBECTL_ARGS} items; shorten it.`).optional(),
  })
  .refine((v) => (v.command === undefined) !== (v.args === undefined), {
    message: 'Send either "command" (e.g. "get pods -A") or "args" (e.g. ["get", "pods", "-A"]), not both.',
  });

export const runKubectlOutput = z.object({
  exit_code: z.number().int().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  truncated: z.boolean(),
  timed_out: z.boolean(),
  duration_ms: z.number().int().nonnegative(),
});
