import type { Viewer } from "@/server/domain/auth/viewer";
import { AppError } from "@/server/domain/errors";
import { evaluateKubectlCommand } from "@/server/domain/kubectl/kubectl-policy";
import { redactKubectlCommand } from "@/server/domain/kubectl/redact-kubectl-command";
import { recordAuditEvent } from "@/server/services/audit/record-audit-event";
import type { ClusterConnectionDeps } from "@/server/services/clusters/cluster-job-deps";
import { connectToCluster } from "@/server/services/clusters/connect-to-cluster";
import { findAccessibleCluster } from "@/server/services/clusters/find-accessible-cluster";
import type { RequestOrigin, ServiceDeps } from "@/server/services/service-deps";
import type { KubectlRunner, KubectlRunResult } from "./kubectl-runner";

/** The console's read-only kubectl proxy, with the operator's limits (KUBEBYON_KUBECTL_*). */
export interface RunKubectlDeps extends Pick<ServiceDeps, "db">, ClusterConnectionDeps {
  kubectl: { runner: KubectlRunner; timeoutMs: number; maxOutputBytes: number };
}

/** The typed line or an argv array (`kubectl` in front is optional). */
export type KubectlCommandInput = { command: string } | { args: readonly string[] };

const MAX_AUDITED_COMMAND = 1024;

/**
 * The console's read-only kubectl proxy (walkthrough §7). The policy decides
 * before anything else happens, after the ownership check so a stranger's
 * cluster stays NOT_FOUND; a denial is FORBIDDEN with the policy's reason.
 * Only the command is audited (secret-looking values redacted), never the output.
 */
export async function runKubectlCommand(
  deps: RunKubectlDeps,
  viewer: Viewer,
  input: { clusterId: string } & KubectlCommandInput,
  origin?: RequestOrigin,
  signal?: AbortSignal,
): Promise<KubectlRunResult> {
  const typed = "command" in input ? input.command : input.args;
  // Refused commands are where credentials get pasted (`--token …`): the audit row never holds them.
  const shown = redactKubectlCommand(typed, MAX_AUDITED_COMMAND);
  const decision = evaluateKubectlCommand(typed);
  // Ownership first: the policy's answer must not tell a stranger that the cluster exists.
  const cluster = await findAccessibleCluster(deps, viewer, input.clusterId);
  if (!decision.allowed) {
    await audit(deps, viewer, cluster.id, shown, { allowed: false, category: decision.category }, origin);
    throw new AppError("FORBIDDEN", decision.reason);
  }
  const { credentials } = await connectToCluster(deps, cluster);
  const result = await deps.kubectl.runner.run({
    credentials,
    argv: decision.argv,
    timeoutMs: deps.kubectl.timeoutMs,
    maxOutputBytes: deps.kubectl.maxOutputBytes,
    signal,
  });
  await audit(deps, viewer, cluster.id, shown, { allowed: true, exit_code: result.exitCode, timed_out: result.timedOut }, origin);
  return result;
}

async function audit(
  deps: Pick<RunKubectlDeps, "db">,
  viewer: Viewer,
  clusterId: string,
  command: string,
  outcome: Record<string, string | number | boolean | null>,
  origin?: RequestOrigin,
): Promise<void> {
  await recordAuditEvent(
    deps.db,
    {
      actorUserId: viewer.id,
      action: "cluster.kubectl",
      targetType: "cluster",
      targetId: clusterId,
      // A refused command is a refused attempt, filterable like the other areas' `…_failed` rows.
      result: outcome.allowed === false ? "failure" : "success",
      metadata: { command, ...outcome },
    },
    origin,
  );
}
