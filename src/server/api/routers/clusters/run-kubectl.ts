import { protectedProcedure } from "@/server/api/trpc";
import { runKubectlCommand } from "@/server/services/kubectl/run-kubectl-command";
import { runKubectlInput, runKubectlMeta, runKubectlOutput } from "./run-kubectl.types";

export const runKubectl = protectedProcedure
  .meta(runKubectlMeta)
  .input(runKubectlInput)
  .output(runKubectlOutput)
  .mutation(async ({ ctx, input, signal }) => {
    const command = input.args !== undefined ? { args: input.args } : { command: input.command ?? "" };
    const result = await runKubectlCommand(ctx.deps.cluster, ctx.viewer, { clusterId: input.cluster_id, ...command }, ctx.origin, signal);
    return {
      exit_code: result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      truncated: result.truncated,
      timed_out: result.timedOut,
      duration_ms: Math.max(0, Math.round(result.durationMs)),
    };
  });
