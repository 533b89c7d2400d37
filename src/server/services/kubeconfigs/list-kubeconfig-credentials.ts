import type { Viewer } from "@/server/domain/auth/viewer";
import type { Prisma } from "@/server/infra/db/client";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import { newestFirst, type Page } from "@/server/services/pagination/keyset";
import type { ServiceDeps } from "@/server/services/service-deps";
import { credentialNames, toKubeconfigCredentialView, type CredentialWithNames, type KubeconfigCredentialView } from "./kubeconfig-credential-view";

const CREDENTIAL_PAGES = newestFirst<CredentialWithNames, Prisma.KubeconfigCredentialWhereInput, Prisma.KubeconfigCredentialOrderByWithRelationInput>();

type PageRequest = { limit: number; cursor?: string };

/** The caller's own credentials on every cluster (active, expired or revoked), newest first, a page at a time (the profile page). */
export async function listMyKubeconfigCredentials(deps: Pick<ServiceDeps, "db" | "now">, viewer: Viewer, page: PageRequest): Promise<Page<KubeconfigCredentialView>> {
  const rows = await deps.db.kubeconfigCredential.findMany({
    where: { AND: [{ userId: viewer.id }, CREDENTIAL_PAGES.after(page.cursor)] },
    include: credentialNames,
    orderBy: CREDENTIAL_PAGES.orderBy,
    take: CREDENTIAL_PAGES.take(page.limit),
  });
  const now = deps.now();
  return CREDENTIAL_PAGES.page(rows, page.limit, (row) => toKubeconfigCredentialView(row, now));
}

/**
 * The cluster's active credentials, whoever holds them (the cluster page): for its owner, who may revoke any of
 * them, and for admins. Another user's cluster is not found. Newest first, a page at a time; "active" is judged
 * at each page's own read, so a credential that expires between two pages is simply not on the later one.
 */
export async function listClusterKubeconfigCredentials(
  deps: Pick<ServiceDeps, "db" | "now">,
  viewer: Viewer,
  clusterId: string,
  page: PageRequest,
): Promise<Page<KubeconfigCredentialView>> {
  const cluster = await findAccessibleCluster(deps, viewer, clusterId);
  const now = deps.now();
  const rows = await deps.db.kubeconfigCredential.findMany({
    where: { AND: [{ clusterId: cluster.id, revokedAt: null, expiresAt: { gt: now } }, CREDENTIAL_PAGES.after(page.cursor)] },
    include: credentialNames,
    orderBy: CREDENTIAL_PAGES.orderBy,
    take: CREDENTIAL_PAGES.take(page.limit),
  });
  return CREDENTIAL_PAGES.page(rows, page.limit, (row) => toKubeconfigCredentialView(row, now));
}
