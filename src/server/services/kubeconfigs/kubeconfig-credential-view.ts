import { z } from "zod";
import { kubeconfigAccessSchema, kubeconfigCredentialState, kubeconfigCredentialStateSchema } from "@/server/domain/kubeconfigs/kubeconfig-credential";
import type { KubeconfigCredential } from "@/server/infra/db/client";

/** The API's shape of a per-user kubeconfig credential (never the token). */
export const kubeconfigCredentialViewSchema = z.object({
  id: z.string(),
  cluster_id: z.string(),
  cluster_name: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  access: kubeconfigAccessSchema,
  service_account_name: z.string(),
  state: kubeconfigCredentialStateSchema,
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type KubeconfigCredentialView = z.infer<typeof kubeconfigCredentialViewSchema>;

export type CredentialWithNames = KubeconfigCredential & { cluster: { name: string }; user: { email: string } };

/** Include this in queries whose rows go through toKubeconfigCredentialView. */
export const credentialNames = { cluster: { select: { name: true } }, user: { select: { email: true } } } as const;

export function toKubeconfigCredentialView(row: CredentialWithNames, now: Date): KubeconfigCredentialView {
  return {
    id: row.id,
    cluster_id: row.clusterId,
    cluster_name: row.cluster.name,
    user_id: row.userId,
    user_email: row.user.email,
    access: row.access,
    service_account_name: row.serviceAccountName,
    state: kubeconfigCredentialState(row, now),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
