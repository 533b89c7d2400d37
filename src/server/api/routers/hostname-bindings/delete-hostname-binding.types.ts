import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { hostnameBindingViewSchema } from "@/server/services/hostname-bindings/hostname-binding-view";

export const deleteHostnameBindingMeta = {
  openapi: {
    method: "DELETE",
    path: "/clusters/{cluster_id}/hostname-bindings/{binding_id}",
    protect: true,
    tags: ["hostname-bindings"],
    summary: "Remove a hostname binding; returns it as it was",
  },
} satisfies OpenApiMeta;
export const deleteHostnameBindingInput = z.object({
  cluster_id: clusterIdParam,
  binding_id: z.string().trim().min(1, "Give a binding id such as hb_….").max(64),
});
export const deleteHostnameBindingOutput = hostnameBindingViewSchema;
