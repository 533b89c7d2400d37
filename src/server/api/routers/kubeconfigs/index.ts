import { router } from "@/server/api/trpc";
import { breakGlassKubeconfig } from "./break-glass-kubeconfig";
import { issueKubeconfig } from "./issue-kubeconfig";
import { listClusterKubeconfigs } from "./list-cluster-kubeconfigs";
import { listMyKubeconfigs } from "./list-my-kubeconfigs";
import { revokeKubeconfig } from "./revoke-kubeconfig";

export const kubeconfigsRouter = router({ issue: issueKubeconfig, revoke: revokeKubeconfig, listForCluster: listClusterKubeconfigs, listMine: listMyKubeconfigs, breakGlass: breakGlassKubeconfig });
