import { protectedProcedure } from "@/server/api/trpc";
import { createCluster as createClusterUseCase } from "@/server/services/clusters/create-cluster";
import { createClusterInput, createClusterMeta, createClusterOutput } from "./create-cluster.types";

export const createCluster = protectedProcedure
  .meta(createClusterMeta)
  .input(createClusterInput)
  .output(createClusterOutput)
  .mutation(({ ctx, input }) =>
    createClusterUseCase(
      ctx.deps,
      ctx.viewer,
      {
        name: input.name,
        vclusterName: input.vcluster_name,
        namespace: input.namespace,
        controlPlaneHost: input.control_plane_host,
        publicAccessEnabled: input.public_access_enabled,
        publicAccessMode: input.public_access_mode,
        managedWorkloadIngressEnabled: input.managed_workload_ingress_enabled,
      },
      ctx.origin,
    ),
  );
