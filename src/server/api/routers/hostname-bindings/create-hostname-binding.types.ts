import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";
import { hostnameBindingViewSchema } from "@/server/services/hostname-bindings/hostname-binding-view";

export const createHostnameBindingMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/hostname-bindings",
    protect: true,
    tags: ["hostname-bindings"],
    summary: "Bind a hostname to the cluster; point its CNAME at record_target_hostname (the DNS check then marks it ready)",
  },
} satisfies OpenApiMeta;
export const createHostnameBindingInput = z.object({
  cluster_id: clusterIdParam,
  // Checked in full (RFC 1123, labels, wildcards) by the use case, whose messages say what is wrong; this only bounds the size.
  hostname: z.string().trim().min(1, "Give a hostname such as app.example.com.").max(300, "A hostname has at most 253 characters."),
});
export const createHostnameBindingOutput = hostnameBindingViewSchema;
