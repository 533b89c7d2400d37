import { router } from "@/server/api/trpc";
import { listAuditEvents } from "./list-audit-events";
import { listMyActivity } from "./list-my-activity";

export const activityRouter = router({ listAll: listAuditEvents, listMine: listMyActivity });
