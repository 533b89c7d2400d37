import { protectedProcedure } from "@/server/api/trpc";
import { deleteHostnameBinding as deleteHostnameBindingUseCase } from "@/server/services/hostname-bindings/delete-hostname-binding";
import { deleteHostnameBindingInput, deleteHostnameBindingMeta, deleteHostnameBindingOutput } from "./delete-hostname-binding.types";

export const deleteHostnameBinding = protectedProcedure
  .meta(deleteHostnameBindingMeta)
  .input(deleteHostnameBindingInput)
  .output(deleteHostnameBindingOutput)
  .mutation(({ ctx, input }) => deleteHostnameBindingUseCase(ctx.deps, ctx.viewer, { clusterId: input.cluster_id, bindingId: input.binding_id }, ctx.origin));
