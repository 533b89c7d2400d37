import { protectedProcedure } from "@/server/api/trpc";
import { checkClusterHostnameBindingsNow } from "@/server/services/hostname-bindings/check-hostname-bindings";
import { checkHostnameBindingsInput, checkHostnameBindingsMeta, checkHostnameBindingsOutput } from "./check-hostname-bindings.types";

export const checkHostnameBindings = protectedProcedure
  .meta(checkHostnameBindingsMeta)
  .input(checkHostnameBindingsInput)
  .output(checkHostnameBindingsOutput)
  .mutation(async ({ ctx, input }) => {
    const { checkedAt, results } = await checkClusterHostnameBindingsNow(ctx.deps, ctx.viewer, input.cluster_id);
    ctx.log.info("hostname bindings checked", { user_id: ctx.viewer.id, cluster_id: input.cluster_id, bindings: results.length });
    return {
      cluster_id: input.cluster_id,
      checked_at: checkedAt.toISOString(),
      bindings: results.map((r) => ({ id: r.id, hostname: r.hostname, status: r.status, last_error: r.lastError, observed_chain: [...r.observedChain] })),
    };
  });
