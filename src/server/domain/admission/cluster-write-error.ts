/**
 * Why the platform could not read or write its webhook configuration in a vCluster, as the sync pass reports it:
 * `unreachable` (no answer: the control plane is down or the network is cut; retried at the next pass), `refused`
 * (the apiserver did not accept the platform's credentials: the cluster's access needs repair), `rejected` (the
 * apiserver answered but refused the request, e.g. an invalid object). The message says what to do and leaves the
 * cluster's address out; the cause keeps the details for the logs.
 */
export class AdmissionClusterWriteError extends Error {
  constructor(
    readonly kind: "unreachable" | "refused" | "rejected",
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = "AdmissionClusterWriteError";
  }
}
