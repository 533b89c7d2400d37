import { z } from "zod";
import type { ClusterRequestDeps } from "./cluster-request-deps";

export const hostClusterStatusSchema = z.object({
  configured: z.boolean(),
  /** What is missing and how to fix it; null when configured. */
  fix: z.string().nullable(),
});
export type HostClusterStatus = z.infer<typeof hostClusterStatusSchema>;

/** For the console's cluster list: whether clusters can be created here, and if not, the fix. */
export function readHostClusterStatus(deps: Pick<ClusterRequestDeps, "hostCluster">): HostClusterStatus {
  const fix = deps.hostCluster.missingConfiguration();
  return { configured: fix === null, fix };
}
