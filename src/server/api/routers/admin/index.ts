import { router } from "@/server/api/trpc";
import { getOverview } from "./get-overview";
import { getPlatformHealth } from "./get-platform-health";
import { listClusterJobs } from "./list-cluster-jobs";

export const adminRouter = router({ getOverview, listClusterJobs, getPlatformHealth });
