import type { RouterOutputs } from "@/lib/trpc/router-types";

export type AdminPlanItem = RouterOutputs["plans"]["list"]["items"][number];
export type OrderItem = RouterOutputs["orders"]["list"]["items"][number];
export type PlanUsageData = RouterOutputs["plans"]["usage"];
export type OrderStatus = OrderItem["status"];
