import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { hostnameBindingViewSchema } from "@/server/services/hostname-bindings/hostname-binding-view";

export const listHostnameBindingsMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/hostname-bindings",
    protect: true,
    tags: ["hostname-bindings"],
    summary: "Hostnames bound to the cluster, with the CNAME each must point at and its DNS status",
  },
} satisfies OpenApiMeta;
export const listHostnameBindingsInput = z.object({ cluster_id: clusterIdParam });
export const listHostnameBindingsOutput = z.object({ items: z.array(hostnameBindingViewSchema) });
