import { protectedProcedure } from "@/server/api/trpc";
import { listMyKubeconfigCredentials } from "@/server/services/kubeconfigs/list-kubeconfig-credentials";
import { listMyKubeconfigsInput, listMyKubeconfigsMeta, listMyKubeconfigsOutput } from "./list-my-kubeconfigs.types";

export const listMyKubeconfigs = protectedProcedure
  .meta(listMyKubeconfigsMeta)
  .input(listMyKubeconfigsInput)
  .output(listMyKubeconfigsOutput)
  .query(({ ctx, input }) => listMyKubeconfigCredentials(ctx.deps, ctx.viewer, { limit: input.limit, cursor: input.cursor }));
