import { router } from "@/server/api/trpc";
import { createCluster } from "./create-cluster";
import { getCluster } from "./get-cluster";
import { listClusters } from "./list-clusters";

export const clustersRouter = router({ list: listClusters, get: getCluster, create: createCluster });
