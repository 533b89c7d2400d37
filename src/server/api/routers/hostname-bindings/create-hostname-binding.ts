import { protectedProcedure } from "@/server/api/trpc";
import { createHostnameBinding as createHostnameBindingUseCase } from "@/server/services/hostname-bindings/create-hostname-binding";
import { createHostnameBindingInput, createHostnameBindingMeta, createHostnameBindingOutput } from "./create-hostname-binding.types";

export const createHostnameBinding = protectedProcedure
  .meta(createHostnameBindingMeta)
  .input(createHostnameBindingInput)
  .output(createHostnameBindingOutput)
  .mutation(({ ctx, input }) => createHostnameBindingUseCase(ctx.deps, ctx.viewer, { clusterId: input.cluster_id, hostname: input.hostname }, ctx.origin));
