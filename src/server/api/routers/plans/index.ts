import { router } from "@/server/api/trpc";
import { createPlan } from "./create-plan";
import { deletePlan } from "./delete-plan";
import { getPlanUsage } from "./get-plan-usage";
import { listOfferedPlans } from "./list-offered-plans";
import { listPlans } from "./list-plans";
import { updatePlan } from "./update-plan";

export const plansRouter = router({ list: listPlans, create: createPlan, update: updatePlan, delete: deletePlan, listOffered: listOfferedPlans, usage: getPlanUsage });
