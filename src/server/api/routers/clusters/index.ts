import { router } from "@/server/api/trpc";
import { createCluster } from "./create-cluster";
import { deleteCluster } from "./delete-cluster";
import { getCluster } from "./get-cluster";
import { getClusterKubeconfig } from "./get-cluster-kubeconfig";
import { getClusterMetrics } from "./get-cluster-metrics";
import { getDeletionPlan } from "./get-deletion-plan";
import { listClusterOperations } from "./list-cluster-operations";
import { listConnectionEvents } from "./list-connection-events";
import { listClusters } from "./list-clusters";
import { readHostClusterStatus } from "./read-host-cluster-status";
import { runKubectl } from "./run-kubectl";
import { updateCluster } from "./update-cluster";

export const clustersRouter = router({ list: listClusters, get: getCluster, create: createCluster, update: updateCluster, delete: deleteCluster, listOperations: listClusterOperations, connectionEvents: listConnectionEvents, kubectl: runKubectl, kubeconfig: getClusterKubeconfig, hostStatus: readHostClusterStatus, metrics: getClusterMetrics, deletionPlan: getDeletionPlan });
