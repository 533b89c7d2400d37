import { protectedProcedure } from "@/server/api/trpc";
import { readHostClusterStatus as readHostClusterStatusUseCase } from "@/server/services/clusters/read-host-cluster-status";
import { readHostClusterStatusInput, readHostClusterStatusOutput } from "./read-host-cluster-status.types";

export const readHostClusterStatus = protectedProcedure
  .input(readHostClusterStatusInput)
  .output(readHostClusterStatusOutput)
  .query(({ ctx }) => readHostClusterStatusUseCase(ctx.deps));
