import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { hostnameBindingViewSchema } from "@/server/services/hostname-bindings/hostname-binding-view";
import { pageSchema } from "@/server/services/pagination/keyset";
import { pageInput } from "../page-input";

export const listHostnameBindingsMeta = {
  openapi: {
    method: "GET",
    path: "/clusters/{cluster_id}/hostname-bindings",
    protect: true,
    tags: ["hostname-bindings"],
    summary: "Hostnames bound to the cluster, oldest first, with the CNAME each must point at and its DNS status; page with limit and next_cursor",
  },
} satisfies OpenApiMeta;
export const listHostnameBindingsInput = z.object({ cluster_id: clusterIdParam, ...pageInput.shape });
export const listHostnameBindingsOutput = pageSchema(hostnameBindingViewSchema);
