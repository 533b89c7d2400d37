import type { PublicAccessMode } from "@/server/domain/clusters/public-access";
import { AppError } from "@/server/domain/errors";
import type { Prisma } from "@/server/infra/db/client";
import { readNodePortHostAddress } from "@/server/services/settings/read-system-settings";
import type { ClusterConnectionDeps } from "./cluster-job-deps";

type Deps = ClusterConnectionDeps & { db: Pick<Prisma.TransactionClient, "systemSetting"> };

/**
 * The address that goes into controlPlane.proxy.extraSANs besides
 * control_plane_host: for nodeport without control_plane_host, the host
 * address users will be given (setting nodeport_host_address, else a Ready
 * host Node's). It must be in the certificate before helm installs, or the
 * api_endpoint built on it fails TLS verification.
 */
export async function extraSanHostFor(deps: Deps, cluster: { controlPlaneHost: string | null }, mode: PublicAccessMode): Promise<string | null> {
  if (cluster.controlPlaneHost?.trim()) return cluster.controlPlaneHost;
  if (mode !== "nodeport") return null;
  const chosen = await deps.resolver.nodePortHostAddress(await readNodePortHostAddress(deps));
  if ("missing" in chosen) {
    throw new AppError(
      "PRECONDITION_FAILED",
      `public_access_mode is nodeport and control_plane_host is empty, but ${chosen.missing}: set the cluster's control_plane_host, or the system setting nodeport_host_address (admin settings), to the address users reach the host nodes on`,
    );
  }
  return chosen.address;
}
