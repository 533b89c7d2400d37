import { protectedProcedure } from "@/server/api/trpc";
import { isoOrNull } from "@/server/domain/iso-time";
import { getNodeHealth as getNodeHealthUseCase } from "@/server/services/node-health/get-node-health";
import { getNodeHealthInput, getNodeHealthMeta, getNodeHealthOutput } from "./get-node-health.types";

const asRecord = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export const getNodeHealth = protectedProcedure
  .meta(getNodeHealthMeta)
  .input(getNodeHealthInput)
  .output(getNodeHealthOutput)
  .query(async ({ ctx, input }) => {
    const health = await getNodeHealthUseCase(ctx.deps, ctx.viewer, { clusterId: input.cluster_id, nodeName: input.node_name });
    return {
      cluster_id: health.clusterId,
      node_name: health.nodeName,
      time_in_state: health.timeInState,
      truncated: health.truncated,
      open_alerts: health.openAlerts.map((a) => ({ id: a.id, kind: a.kind, opened_at: a.openedAt.toISOString(), notified_at: isoOrNull(a.notifiedAt), detail: asRecord(a.detail) })),
    };
  });
