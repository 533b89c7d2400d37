import { router } from "@/server/api/trpc";
import { getOverview } from "./get-overview";
import { listClusterJobs } from "./list-cluster-jobs";

export const adminRouter = router({ getOverview, listClusterJobs });
