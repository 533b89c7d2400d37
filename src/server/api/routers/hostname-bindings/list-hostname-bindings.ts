import { protectedProcedure } from "@/server/api/trpc";
import { listHostnameBindings as listHostnameBindingsUseCase } from "@/server/services/hostname-bindings/list-hostname-bindings";
import { listHostnameBindingsInput, listHostnameBindingsMeta, listHostnameBindingsOutput } from "./list-hostname-bindings.types";

export const listHostnameBindings = protectedProcedure
  .meta(listHostnameBindingsMeta)
  .input(listHostnameBindingsInput)
  .output(listHostnameBindingsOutput)
  .query(({ ctx, input }) => listHostnameBindingsUseCase(ctx.deps, ctx.viewer, input.cluster_id, { limit: input.limit, cursor: input.cursor }));
