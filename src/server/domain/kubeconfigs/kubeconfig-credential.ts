import { z } from "zod";

export const kubeconfigAccesses = ["admin", "view"] as const;
export const kubeconfigAccessSchema = z.enum(kubeconfigAccesses);
export type KubeconfigAccess = z.infer<typeof kubeconfigAccessSchema>;

export const kubeconfigCredentialStates = ["active", "expired", "revoked"] as const;
export const kubeconfigCredentialStateSchema = z.enum(kubeconfigCredentialStates);
export type KubeconfigCredentialState = z.infer<typeof kubeconfigCredentialStateSchema>;

/** The credential's state as users see it: revoked wins over expired (someone acted on it). */
export function kubeconfigCredentialState(row: { revokedAt: Date | null; expiresAt: Date }, now: Date): KubeconfigCredentialState {
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/**
 * The ServiceAccount's name in the vCluster: derived from the credential id (`kc_<base36>`), so that a row always
 * names the one object to delete. `_` is not allowed in Kubernetes names.
 */
export function serviceAccountNameFor(credentialId: string): string {
  const match = /^kc_([a-z0-9]+)$/.exec(credentialId);
  if (!match) throw new Error(`"${credentialId}" is not a kubeconfig credential id`);
  return `kubebyon-${match[1]}`;
}

/** What the owner and a platform admin on someone else's cluster may take, and their default. */
export function allowedKubeconfigAccess(isOwner: boolean): { allowed: readonly KubeconfigAccess[]; default: KubeconfigAccess } {
  return isOwner ? { allowed: kubeconfigAccesses, default: "admin" } : { allowed: ["view"], default: "view" };
}
