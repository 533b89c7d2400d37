import { router } from "@/server/api/trpc";
import { getOverview } from "./get-overview";

export const adminRouter = router({ getOverview });
