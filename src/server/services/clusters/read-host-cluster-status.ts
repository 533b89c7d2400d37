import { z } from "zod";
import { publicAccessProviderSchema } from "@/server/domain/clusters/public-access-provider";
import type { ClusterRequestDeps } from "./cluster-request-deps";

export const hostClusterStatusSchema = z.object({
  configured: z.boolean(),
  /** What is missing and how to fix it; null when configured. */
  fix: z.string().nullable(),
  /** KUBEBYON_PUBLIC_ACCESS_PROVIDER: what public_access_mode loadbalancer means here, and so what control_plane_host may be. */
  public_access_provider: publicAccessProviderSchema,
});
export type HostClusterStatus = z.infer<typeof hostClusterStatusSchema>;

/** For the console's cluster forms: whether clusters can be created here (if not, the fix), and how loadbalancer is served. */
export function readHostClusterStatus(deps: Pick<ClusterRequestDeps, "hostCluster" | "publicAccessProvider">): HostClusterStatus {
  const fix = deps.hostCluster.missingConfiguration();
  return { configured: fix === null, fix, public_access_provider: deps.publicAccessProvider };
}
