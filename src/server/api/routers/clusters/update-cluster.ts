import { protectedProcedure } from "@/server/api/trpc";
import { updateCluster as updateClusterUseCase } from "@/server/services/clusters/update-cluster";
import { updateClusterInput, updateClusterMeta, updateClusterOutput } from "./update-cluster.types";

export const updateCluster = protectedProcedure
  .meta(updateClusterMeta)
  .input(updateClusterInput)
  .output(updateClusterOutput)
  .mutation(({ ctx, input }) =>
    updateClusterUseCase(
      ctx.deps,
      ctx.viewer,
      input.cluster_id,
      {
        name: input.name,
        controlPlaneHost: input.control_plane_host,
        publicAccessEnabled: input.public_access_enabled,
        publicAccessMode: input.public_access_mode,
        planId: input.plan_id,
        managedWorkloadIngressEnabled: input.managed_workload_ingress_enabled,
      },
      ctx.origin,
    ),
  );
