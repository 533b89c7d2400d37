import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { kubeconfigCredentialViewSchema } from "@/server/services/kubeconfigs/kubeconfig-credential-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listMyKubeconfigsMeta = {
  openapi: { method: "GET", path: "/profile/kubeconfigs", protect: true, tags: ["profile"], summary: "Your kubeconfig credentials on every cluster, newest first (active, expired or revoked); page with limit and next_cursor" },
} satisfies OpenApiMeta;
export const listMyKubeconfigsInput = z.object({ ...pageInput.shape });
export const listMyKubeconfigsOutput = pageSchema(kubeconfigCredentialViewSchema);
