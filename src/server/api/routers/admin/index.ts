import { router } from "@/server/api/trpc";
import { forceDeleteCluster } from "./force-delete-cluster";
import { getDnsAutomationHealth } from "./get-dns-automation-health";
import { getOverview } from "./get-overview";
import { getPlatformHealth } from "./get-platform-health";
import { listClusterJobs } from "./list-cluster-jobs";

export const adminRouter = router({ getOverview, listClusterJobs, getPlatformHealth, getDnsAutomationHealth, forceDeleteCluster });
