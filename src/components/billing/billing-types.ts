import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type AdminPlanItem = Outputs["plans"]["list"]["items"][number];
export type OrderItem = Outputs["orders"]["list"]["items"][number];
export type PlanUsageData = Outputs["plans"]["usage"];
export type OrderStatus = OrderItem["status"];
