import { protectedProcedure } from "@/server/api/trpc";
import { setNodeSchedulable } from "@/server/services/nodes/set-node-schedulable";
import { cordonNodeMeta, setNodeSchedulableInput, setNodeSchedulableOutput } from "./set-node-schedulable.types";

export const cordonNode = protectedProcedure
  .meta(cordonNodeMeta)
  .input(setNodeSchedulableInput)
  .output(setNodeSchedulableOutput)
  .mutation(async ({ ctx, input }) => {
    await setNodeSchedulable(ctx.deps.cluster, ctx.viewer, { clusterId: input.cluster_id, nodeName: input.node_name, schedulable: false }, ctx.origin);
    return { cluster_id: input.cluster_id, node_name: input.node_name, unschedulable: true };
  });
