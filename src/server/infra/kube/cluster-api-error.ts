import { AppError } from "@/server/domain/errors";
import { KubeApiError } from "./kube-calls";

/**
 * A failed call to a user's cluster as an error the console can show: it says
 * what to do and leaves the cluster address out; the cause keeps the address
 * and the details for the logs.
 */
export function clusterApiError(action: string, server: string, err: unknown): AppError {
  const failure = KubeApiError.from(err, `${action} at ${server}`);
  if (failure.refusedCredentials) {
    return new AppError("PRECONDITION_FAILED", `The cluster refused the platform's credentials (could not ${action}). The cluster's access configuration needs repair; contact an administrator.`, { cause: failure });
  }
  if (failure.status !== undefined) {
    return new AppError("PRECONDITION_FAILED", `The cluster's API server could not ${action}: ${failure.explanation}`, { cause: failure });
  }
  return new AppError("PRECONDITION_FAILED", `Could not reach the cluster's API server to ${action} (${failure.explanation}). Check that the cluster is running, then retry.`, { cause: failure });
}
