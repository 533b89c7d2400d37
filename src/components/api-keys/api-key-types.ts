import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

export type ApiKeyItem = inferRouterOutputs<AppRouter>["apiKeys"]["list"]["items"][number];
