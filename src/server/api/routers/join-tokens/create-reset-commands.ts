import { protectedProcedure } from "@/server/api/trpc";
import { createResetCommands as createResetCommandsUseCase } from "@/server/services/join-tokens/create-reset-commands";
import { createResetCommandsInput, createResetCommandsMeta, createResetCommandsOutput } from "./create-reset-commands.types";

export const createResetCommands = protectedProcedure
  .meta(createResetCommandsMeta)
  .input(createResetCommandsInput)
  .output(createResetCommandsOutput)
  .mutation(({ ctx, input }) => createResetCommandsUseCase(ctx.deps.join, ctx.viewer, input.cluster_id, ctx.origin));
