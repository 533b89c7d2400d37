import type { OpenApiMeta } from "trpc-to-openapi";
import { z } from "zod";
import { clusterIdParam } from "@/server/api/routers/clusters/cluster-id-param";

export const checkHostnameBindingsMeta = {
  openapi: {
    method: "POST",
    path: "/clusters/{cluster_id}/hostname-bindings/check",
    protect: true,
    tags: ["hostname-bindings"],
    summary: "Check the DNS of the cluster's hostname bindings now",
    description:
      "Follows each binding's CNAME chain and stores its status: ready when the chain reaches the cluster's managed_workload_ingress_cname_target (or the target's own chain), pending when there is no record yet or it points elsewhere, error on a loop, a chain that is too long or a resolver failure. The periodic check does the same every KUBEBYON_DNS_CHECK_INTERVAL_SECONDS.",
  },
} satisfies OpenApiMeta;

export const checkHostnameBindingsInput = z.object({ cluster_id: clusterIdParam });
export const checkHostnameBindingsOutput = z.object({
  cluster_id: z.string(),
  checked_at: z.string(),
  bindings: z.array(
    z.object({
      id: z.string(),
      hostname: z.string(),
      status: z.enum(["pending", "ready", "error"]),
      last_error: z.string().nullable(),
      /** The names followed, hostname first. */
      observed_chain: z.array(z.string()),
    }),
  ),
});
