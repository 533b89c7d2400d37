import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { kubeconfigCredentialViewSchema } from "@/server/services/kubeconfigs/kubeconfig-credential-view";

export const listMyKubeconfigsMeta = {
  openapi: { method: "GET", path: "/profile/kubeconfigs", protect: true, tags: ["profile"], summary: "Your kubeconfig credentials on every cluster, newest first (active, expired or revoked)" },
} satisfies OpenApiMeta;
export const listMyKubeconfigsInput = z.void();
export const listMyKubeconfigsOutput = z.object({ items: z.array(kubeconfigCredentialViewSchema) });
