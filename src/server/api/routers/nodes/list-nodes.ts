import { protectedProcedure } from "@/server/api/trpc";
import { listClusterNodes } from "@/server/services/nodes/list-cluster-nodes";
import { listNodesInput, listNodesMeta, listNodesOutput } from "./list-nodes.types";

export const listNodes = protectedProcedure
  .meta(listNodesMeta)
  .input(listNodesInput)
  .output(listNodesOutput)
  .query(({ ctx, input }) => listClusterNodes(ctx.deps.cluster, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
