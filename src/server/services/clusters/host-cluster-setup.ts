/**
 * Whether this process has a host cluster to put control planes on
 * (KUBEBYON_KUBECONFIG_PATH, or running inside the cluster). Asked before a
 * create is accepted, so a platform without one refuses at once with the fix
 * instead of queueing a job that can only fail.
 */
export interface HostClusterSetup {
  /** null when a host cluster is configured; otherwise what is missing and how to fix it. */
  missingConfiguration(): string | null;
}
